import { z } from 'zod';

/** Error codes the API answers with; the web app translates each one. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'untrusted_origin',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode | (string & {}); message: string; field?: string };
}

/** The body of every error answer, as the API's OpenAPI document declares it. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('For developers; the web app shows a translation of `code` instead'),
    field: z.string().optional().describe('The request field at fault, when there is one'),
  }),
});

export const STATUS_FOR_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  untrusted_origin: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
  internal: 500,
};
