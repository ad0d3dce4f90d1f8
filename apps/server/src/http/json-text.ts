import type { FastifyReply } from 'fastify';

/**
 * Answers whose list PostgreSQL already wrote as JSON text (decision 051): the text goes into the
 * answer as it is, instead of being parsed into objects by the driver, checked and copied by the
 * route's zod schema and written out again — three passes over a page's rows per call. The route keeps
 * its response schema for the OpenAPI document; the statement's columns are the schema's fields, in its
 * order, and the route's tests check each answer against the schema.
 */

/** `{"items":<items>, …rest}`: the rest's keys after the items, in their order. */
export function answerWithItems(items: string, rest: Record<string, unknown> = {}): string {
  const tail = JSON.stringify(rest);
  return tail === '{}' ? `{"items":${items}}` : `{"items":${items},${tail.slice(1)}`;
}

/** Sends a JSON text as the answer (a string with a JSON content type is sent by Fastify as it is). */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
