import '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

/**
 * A second budget for the lead forms, per e-mail address. The per-address budget is generous so
 * that an office behind one address can send many forms; this one bounds what a single e-mail can
 * send from anywhere. It is checked once the body is read (the e-mail is in it), on the same
 * counters as every other limit (memory or Redis).
 */
export function leadEmailBudget(app: FastifyInstance, { max, windowMs }: { max: number; windowMs: number }) {
  const emails = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `lead-email:${emails.get(request) ?? ''}`,
  });
  return async function spend(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
    emails.set(request, email.trim().toLowerCase());
    const state = await limiter(request);
    if (state.isAllowed || !state.isExceeded) return;
    void reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
    request.log.warn({ event: 'leads.rate_limited', reason: 'email', ip: request.ip }, 'too many forms for one e-mail');
    throw new AppError('rate_limited', 'Too many requests for this e-mail address; try again later', 'email');
  };
}
