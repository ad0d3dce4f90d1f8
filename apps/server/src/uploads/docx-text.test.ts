import { describe, expect, it } from 'vitest';
import { DocxTextExtractor, TextLimitExceeded, UnreadableXml } from './docx-text.ts';

/** Feeds the XML in pieces of `size` bytes, so every tag, entity and character can fall across a boundary. */
function extract(xml: string, size = 7, limit = 1024 * 1024): string {
  const extractor = new DocxTextExtractor(limit);
  const bytes = Buffer.from(xml);
  for (let at = 0; at < bytes.length; at += size) extractor.write(bytes.subarray(at, at + size));
  return extractor.end();
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

describe('DocxTextExtractor', () => {
  it('reads runs, tabs and paragraphs as mammoth does, whatever the chunk boundaries', () => {
    const xml = `<?xml version="1.0"?><w:document ${W}><w:body>
      <w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>
        <w:r><w:rPr><w:b/></w:rPr><w:t>Anna</w:t></w:r><w:r><w:t xml:space="preserve">: café &amp; “tea” &#233;&#x263A; &lt;ok&gt;</w:t><w:tab/><w:t>end</w:t></w:r></w:p>
      <w:p/>
      <w:p><w:r><w:t><![CDATA[Tom: a < b]]></w:t></w:r><!-- <w:t>not this</w:t> --></w:p>
    </w:body></w:document>`;
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect(extract(xml, size), `chunks of ${size}`).toBe('Anna: café & “tea” é☺ <ok>\tend\n\n\n\nTom: a < b\n\n');
    }
  });

  it('reads a text box once: the mc:Choice copy is skipped, its mc:Fallback read', () => {
    const xml = `<w:document ${W}><w:body><w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></mc:Choice><mc:Fallback><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></mc:Fallback></mc:AlternateContent></w:r></w:p></w:body></w:document>`;
    expect(extract(xml)).toBe('Boxed\n\n\n\n');
  });

  it('keeps quoted ">" inside attributes out of the text', () => {
    expect(extract(`<w:p><w:r w:x="a>b"><w:t>ok</w:t></w:r></w:p>`)).toBe('ok\n\n');
  });

  it('stops as soon as the text passes its limit, before the rest is read', () => {
    const extractor = new DocxTextExtractor(100);
    extractor.write(Buffer.from(`<w:p><w:r><w:t>${'a'.repeat(90)}</w:t></w:r>`));
    expect(() => extractor.write(Buffer.from(`<w:r><w:t>${'b'.repeat(20)}</w:t></w:r>`))).toThrow(TextLimitExceeded);
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    expect(() => extract(`<w:p><w:r><w:t>${'é'.repeat(60)}</w:t></w:r></w:p>`, 7, 100)).toThrow(TextLimitExceeded);
    expect(extract(`<w:p><w:r><w:t>${'é'.repeat(49)}</w:t></w:r></w:p>`, 7, 100)).toBe(`${'é'.repeat(49)}\n\n`);
  });

  it('refuses a document type declaration, mismatched tags, and a tag that never ends', () => {
    expect(() => extract('<!DOCTYPE d [<!ENTITY a "aaaa">]><w:p/>')).toThrow(UnreadableXml);
    expect(() => extract('<w:p><w:r></w:p></w:r>')).toThrow(UnreadableXml);
    expect(() => extract('<w:p><w:r')).toThrow(UnreadableXml);
    const extractor = new DocxTextExtractor(1024);
    expect(() => extractor.write(Buffer.from(`<w:p w:x="${'a'.repeat(300 * 1024)}`))).toThrow(UnreadableXml);
  });
});
