/**
 * The text of a Word document's main part (word/document.xml), read as it inflates: the text is
 * counted while it is extracted, so a document that would expand past the limit is refused after
 * reading only as much as the limit allows, never after building it whole in memory.
 *
 * It reads what a person reads, as mammoth's raw text does: the runs' text (`w:t`), a tab for each
 * `w:tab` in a run, and a blank line after each paragraph; the `mc:Choice` copy of a text box is
 * skipped (its `mc:Fallback` holds the same words), and so are properties (`w:pPr`, `w:rPr`).
 */

export class TextLimitExceeded extends Error {
  constructor(readonly limitBytes: number) {
    super(`the text is longer than ${limitBytes} bytes`);
  }
}

export class UnreadableXml extends Error {}

/** A tag or comment longer than this is not Word's output; holding it whole would be the unbounded buffer we avoid. */
const MAX_MARKUP_CHARS = 256 * 1024;
const MAX_DEPTH = 512;

/** The elements whose inside changes what is read: run text, runs, properties (never read), a text box's first copy. */
type Scope = 'text' | 'run' | 'properties' | 'choice';
const SCOPE_OF: Partial<Record<string, Scope>> = {
  'w:t': 'text',
  'w:r': 'run',
  'w:pPr': 'properties',
  'w:rPr': 'properties',
  'mc:Choice': 'choice',
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

export class DocxTextExtractor {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';
  private readonly parts: string[] = [];
  private bytes = 0;
  private readonly open: string[] = [];
  /** How many elements of each scope are open around the current position. */
  private readonly depth: Record<Scope, number> = { text: 0, run: 0, properties: 0, choice: 0 };

  constructor(private readonly limitBytes: number) {}

  write(chunk: Buffer): void {
    this.scan(this.pending + this.decoder.decode(chunk, { stream: true }));
  }

  /** The whole text; throws when the part ended inside a tag. */
  end(): string {
    this.scan(this.pending + this.decoder.decode());
    if (this.pending.includes('<')) throw new UnreadableXml('the document ends inside a tag');
    return this.parts.join('');
  }

  private append(text: string) {
    if (!text) return;
    this.bytes += Buffer.byteLength(text);
    if (this.bytes > this.limitBytes) throw new TextLimitExceeded(this.limitBytes);
    this.parts.push(text);
  }

  private characters(raw: string) {
    if (this.depth.text && !this.depth.choice && raw) this.append(decodeEntities(raw));
  }

  private scan(buffer: string) {
    let position = 0;
    for (;;) {
      const lt = buffer.indexOf('<', position);
      if (lt === -1) {
        // Keep an entity cut in two by the chunk boundary for the next chunk.
        const amp = buffer.lastIndexOf('&');
        const cut = amp >= position && !buffer.includes(';', amp) ? amp : buffer.length;
        this.characters(buffer.slice(position, cut));
        this.pending = buffer.slice(cut);
        if (this.pending.length > MAX_MARKUP_CHARS) throw new UnreadableXml('an entity that never ends');
        return;
      }
      this.characters(buffer.slice(position, lt));
      const end = this.markupEnd(buffer, lt);
      if (end === -1) {
        this.pending = buffer.slice(lt);
        if (this.pending.length > MAX_MARKUP_CHARS) throw new UnreadableXml('a tag that never ends');
        return;
      }
      this.markup(buffer.slice(lt, end));
      position = end;
    }
  }

  /** Where the markup starting at `lt` ends (just after its last character), or -1 when it goes on in the next chunk. */
  private markupEnd(buffer: string, lt: number): number {
    const closer = buffer.startsWith('<!--', lt)
      ? '-->'
      : buffer.startsWith('<![CDATA[', lt)
        ? ']]>'
        : buffer.startsWith('<?', lt)
          ? '?>'
          : null;
    if (closer) {
      const at = buffer.indexOf(closer, lt + 2);
      return at === -1 ? -1 : at + closer.length;
    }
    // '>' may appear inside a quoted attribute value.
    let quote = '';
    for (let i = lt + 1; i < buffer.length; i++) {
      const c = buffer[i]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return i + 1;
    }
    return -1;
  }

  private markup(tag: string) {
    if (tag.startsWith('<![CDATA[')) {
      if (this.depth.text && !this.depth.choice) this.append(tag.slice(9, -3));
      return;
    }
    if (tag.startsWith('<!--') || tag.startsWith('<?')) return;
    // A document type declaration is where entity expansion attacks live; Word never writes one.
    if (tag.startsWith('<!')) throw new UnreadableXml('a document type declaration');
    if (tag.startsWith('</')) return this.close(tag.slice(2, -1).trim());
    const selfClosing = tag.endsWith('/>');
    const name = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
    if (selfClosing) {
      this.element(name, true);
      return;
    }
    this.open.push(name);
    if (this.open.length > MAX_DEPTH) throw new UnreadableXml('elements nested too deep');
    this.element(name, false);
  }

  private element(name: string, selfClosing: boolean) {
    const scope = SCOPE_OF[name];
    if (scope && !selfClosing) this.depth[scope] += 1;
    const { run, properties, choice } = this.depth;
    if (name === 'w:tab' && run && !properties && !choice) this.append('\t');
    if (name === 'w:p' && selfClosing && !choice) this.append('\n\n');
  }

  private close(name: string) {
    const opened = this.open.pop();
    if (opened !== name) throw new UnreadableXml(`</${name}> closes <${opened ?? 'nothing'}>`);
    const scope = SCOPE_OF[name];
    if (scope) this.depth[scope] -= 1;
    if (name === 'w:p' && !this.depth.choice) this.append('\n\n');
  }
}
