import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, opportunityIdParamsSchema, ROLES } from '@nexa/domain';
import { followUpEmailDraftSchema, followUpEmailSendSchema, followUpEmailSentSchema } from '@nexa/domain/schemas/follow-up-email';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { followUpDraft, sendFollowUp } from './service.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const tags = ['opportunities'];

export interface DealEmailRoutesOptions {
  db: Db;
  mailer: Mailer;
  rateLimit: { max: number; windowMs: number };
}

/** Room for the longest body the schema takes (20,000 characters, up to 4 bytes each) and its recipients. */
const SEND_BODY_LIMIT_BYTES = 128 * 1024;

/** The follow-up e-mail of a deal (issue 37): its draft, and sending it. Whoever may see the deal may send it. */
export const dealEmailRoutes: FastifyPluginAsyncZod<DealEmailRoutesOptions> = async (app, { db, mailer, rateLimit }) => {
  app.get(
    '/api/opportunities/:id/follow-up-email',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'draftFollowUpEmail',
        summary: "The deal's follow-up e-mail, drafted",
        description:
          "In the deal's language: its committee's contacts with an e-mail address, a subject and a body with the accepted next steps (open tasks), and the next meeting the invite would hold. 404 for a deal the person may not see.",
        params: opportunityIdParamsSchema,
        response: { 200: followUpEmailDraftSchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => followUpDraft(db, actorOf(request), request.params.id, request.headers.cookie),
  );

  app.post(
    '/api/opportunities/:id/follow-up-email',
    {
      bodyLimit: SEND_BODY_LIMIT_BYTES,
      config: {
        access: READERS,
        // Per person, after the session is read (preHandler): every send is a real e-mail to people outside.
        rateLimit: {
          max: rateLimit.max,
          timeWindow: rateLimit.windowMs,
          hook: 'preHandler',
          keyGenerator: (request) => `follow-up-email:${request.actor?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        operationId: 'sendFollowUpEmail',
        summary: "Sends the deal's follow-up e-mail and records it in the deal's history",
        description:
          "To and Cc are addresses (the committee's or typed), at most 20 together; replies go to the sender. With `attach_invite` the deal's next meeting (if still to come) goes with it as invite.ics. 201 once the mail server took it, with an `email_sent` entry in the deal's history; 503 when the mail server did not take it (nothing recorded); 429 past the per-person limit.",
        params: opportunityIdParamsSchema,
        body: followUpEmailSendSchema,
        response: {
          201: followUpEmailSentSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          429: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendFollowUp({ db, mailer, log: request.log }, actorOf(request), request.params.id, request.body)),
  );
};
