import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { z } from 'zod';
import { contactIdParamsSchema, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { eraseContact } from './erase.ts';
import { personalData } from './personal-data.ts';

const MANAGER = [ROLES.manager] as const;
const tags = ['privacy'];

const erasureSchema = z.object({
  contactId: z.number().int(),
  deals: z.number().int(),
  calls: z.number().int(),
  rowsRewritten: z.number().int(),
  outboxMessagesRemoved: z.number().int(),
});

/**
 * A contact's personal data on request (issue 36, docs/privacy.md): everything held on them as JSON,
 * and their erasure. Managers only: both cover every deal and call, whoever owns it.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Db; dataDir: string }> = async (app, { db, dataDir }) => {
  app.get(
    '/api/contacts/:id/export',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        operationId: 'exportContactData',
        summary: 'Everything held on a contact (right of access), as JSON',
        description:
          'The record and its account, the deals they sit on with their roles, each call they spoke in (speaker row, talk time) and every line they said, and their tasks. Downloaded as a file.',
        params: contactIdParamsSchema,
      },
    },
    async (request, reply) => {
      const data = await personalData(db, request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="contact-${request.params.id}-personal-data.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/contacts/:id/erase',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        operationId: 'eraseContact',
        summary: 'Erase a contact on request (cannot be undone)',
        description:
          'Removes the record (and their committee places) and replaces their name, e-mail and phone with "[erased contact]" and what they said with "[erased]" in the stored transcripts, analyses, deals, history, jobs and tasks related to them; the audit log records it without the name. The body must confirm: `{"confirm": true}`.',
        params: contactIdParamsSchema,
        body: z.object({ confirm: z.literal(true) }),
        response: { 200: erasureSchema },
      },
    },
    async (request) => eraseContact(db, actorOf(request), request.params.id, { outboxDir: path.join(dataDir, 'outbox') }),
  );
};
