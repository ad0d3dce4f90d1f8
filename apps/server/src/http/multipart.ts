import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { newSpoolFile } from '../uploads/spool.ts';
import { AppError } from './errors.ts';

/** A form's text fields and its one file (null when none was sent or it was empty). */
export interface MultipartForm<F> {
  fields: Record<string, string>;
  file: F | null;
}

export interface MultipartFormOptions {
  /** The form field that carries the file; other file parts are drained and ignored. */
  fileField: string;
  /** The error for a file (or, with `rejectLongFields`, a text field) over the plugin's limits. */
  tooLarge: () => AppError;
  /** A text field cut at `fieldSize` is refused instead of being kept cut. */
  rejectLongFields?: boolean;
}

/** A file kept in memory: for small uploads the route reads at once. */
export interface BufferedFile {
  name: string;
  bytes: Buffer;
}

/** A file written to the upload spool; the caller removes `tempPath` when done. */
export interface SpooledFile {
  tempPath: string;
  size: number;
  name: string;
}

async function readForm<F>(
  request: FastifyRequest,
  options: MultipartFormOptions,
  take: (part: MultipartFile) => Promise<F | null>,
): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send multipart/form-data');
  const fields: Record<string, string> = {};
  let file: F | null = null;
  let fileSeen = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (options.rejectLongFields && part.valueTruncated) throw options.tooLarge();
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // A file input left empty arrives as a part without a name or bytes.
      if (part.fieldname !== options.fileField || !part.filename || fileSeen) {
        part.file.resume();
        continue;
      }
      fileSeen = true;
      file = await take(part);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw options.tooLarge();
    if (status && status < 500) throw error;
    throw new AppError('bad_request', 'Malformed multipart body');
  }
  return { fields, file };
}

/** Reads a multipart form whose one file is small enough to hold in memory. */
export function readFormWithFile(request: FastifyRequest, options: MultipartFormOptions): Promise<MultipartForm<BufferedFile>> {
  return readForm(request, options, async (part) => {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw options.tooLarge();
    return bytes.length ? { name: part.filename, bytes } : null;
  });
}

/**
 * Reads a multipart form whose one file goes to the upload spool (`spoolDir`), so a large file
 * never sits in memory. On any error the spooled file is already removed.
 */
export async function readFormWithSpooledFile(
  request: FastifyRequest,
  options: MultipartFormOptions & { spoolDir: string },
): Promise<MultipartForm<SpooledFile>> {
  let spooled: string | null = null;
  try {
    const form = await readForm(request, options, async (part) => {
      const tempPath = await newSpoolFile(options.spoolDir);
      spooled = tempPath;
      await pipeline(part.file, fs.createWriteStream(tempPath, { mode: 0o600 }));
      if (part.file.truncated) throw options.tooLarge();
      const { size } = await fsp.stat(tempPath);
      if (size === 0) {
        await fsp.rm(tempPath, { force: true });
        spooled = null;
        return null;
      }
      return { tempPath, size, name: part.filename };
    });
    spooled = null;
    return form;
  } finally {
    if (spooled) await fsp.rm(spooled, { force: true });
  }
}
