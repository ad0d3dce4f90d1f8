// The module itself, not the package's index: worker threads import this file too (workers/import-read.ts).
import { STATUS_FOR_CODE, type ErrorCode } from '@nexa/domain/errors';

/** An error the API answers with on purpose: a code the web app translates, a message for developers. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS_FOR_CODE[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
