import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Checks a value the route read itself (a multipart form's fields) against its shared schema.
 * The first problem becomes a 400 naming the field, as Fastify's own body validation does.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw new AppError('bad_request', `${field}: ${issue.message}`, field);
}
