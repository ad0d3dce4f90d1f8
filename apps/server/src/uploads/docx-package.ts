import yauzl from 'yauzl';
import { DocxTextExtractor, TextLimitExceeded, UnreadableXml } from './docx-text.ts';

/**
 * A real Word document compresses text a few times over. The ratio alone is not a bound (a 2 MB
 * file at 100× is 200 MB), so the unpacked size has an absolute cap as well.
 */
export const DOCX_LIMITS = { maxRatio: 100, maxUnpackedBytes: 64 * 1024 * 1024, maxEntries: 5_000 };

export const MAIN_PART = 'word/document.xml';

export type DocxSource = { path: string } | { bytes: Uint8Array };

export interface DocxRequest {
  source: DocxSource;
  /** The package's size in bytes, for the ratio. */
  size: number;
  /** When set, the main part's text is extracted, at most this many UTF-8 bytes of it. */
  textLimitBytes?: number;
}

export type DocxOutcome =
  | { ok: true; text: string | null }
  /** `tooLarge`: the package or its text is bigger than allowed; otherwise it is not a readable Word document. */
  | { ok: false; tooLarge: boolean; reason: string };

const refused = (reason: string, tooLarge = false): DocxOutcome => ({ ok: false, tooLarge, reason });

function openZip(source: DocxSource, done: (error: Error | null, zip?: yauzl.ZipFile) => void) {
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false };
  if ('path' in source) yauzl.open(source.path, options, (e, z) => done(e, z));
  else
    yauzl.fromBuffer(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength), options, (e, z) =>
      done(e, z),
    );
}

/**
 * Reads the package's directory, then inflates every entry with a running cap (a lying header
 * cannot pass), feeding the main part to the text extractor as it inflates.
 */
export function readDocxPackage({ source, size, textLimitBytes }: DocxRequest): Promise<DocxOutcome> {
  const cap = Math.min(DOCX_LIMITS.maxUnpackedBytes, Math.max(size, 1) * DOCX_LIMITS.maxRatio);
  const oversize = () => refused(`unpacked size over ${cap} bytes`, true);
  return new Promise((resolve) => {
    openZip(source, (openError, zip) => {
      if (openError || !zip) return resolve(refused('not a zip package'));
      let entries = 0;
      let unpacked = 0;
      let hasContentTypes = false;
      let text: string | null = null;
      let settled = false;
      const finish = (outcome: DocxOutcome) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(outcome);
      };
      zip.on('error', () => finish(refused('broken zip package')));
      zip.on('end', () => {
        if (!hasContentTypes || text === null) return finish(refused(`zip without [Content_Types].xml and ${MAIN_PART}`));
        finish({ ok: true, text: textLimitBytes === undefined ? null : text });
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > DOCX_LIMITS.maxEntries) return finish(refused('too many entries', true));
        if (entry.fileName === '[Content_Types].xml') hasContentTypes = true;
        if (unpacked + entry.uncompressedSize > cap) return finish(oversize());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const isMain = entry.fileName === MAIN_PART;
        // The text is only kept when asked for; a résumé's package is checked the same way without it.
        const extractor = isMain && textLimitBytes !== undefined ? new DocxTextExtractor(textLimitBytes) : null;
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish(refused('unreadable entry'));
          const fail = (outcome: DocxOutcome) => {
            stream.destroy();
            finish(outcome);
          };
          stream.on('data', (chunk: Buffer) => {
            if (settled) return;
            unpacked += chunk.length;
            if (unpacked > cap) return fail(oversize());
            if (extractor) {
              try {
                extractor.write(chunk);
              } catch (error) {
                fail(extractionProblem(error));
              }
            }
          });
          stream.on('error', () => finish(refused('corrupt entry')));
          stream.on('end', () => {
            if (settled) return;
            if (isMain) {
              try {
                text = extractor ? extractor.end() : '';
              } catch (error) {
                return finish(extractionProblem(error));
              }
            }
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

function extractionProblem(error: unknown): DocxOutcome {
  if (error instanceof TextLimitExceeded) return refused(`text_too_large: ${error.message}`, true);
  if (error instanceof UnreadableXml) return refused(`unreadable ${MAIN_PART}: ${error.message}`);
  throw error;
}
