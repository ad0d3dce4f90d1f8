import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactIdParamsSchema, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import { attachment, cappedDownload, safeCsv } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import { ACCOUNT_EXPORT_COLUMNS, cardOf, CONTACT_EXPORT_COLUMNS, exportAccounts, exportContacts } from './export.ts';
import { vcardsOf } from './vcard.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const tags = ['contacts'];
/** Rows per download; `X-Export-Truncated: true` says there were more. */
export const PEOPLE_EXPORT_MAX_ROWS = 50_000;

const accountFilterSchema = z.object({
  account_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

const today = () => new Date().toISOString().slice(0, 10);

/** The contacts a download holds (one more than it keeps, to know whether there were more). */
const contactsToExport = (request: FastifyRequest, accountId: number | undefined) =>
  exportContacts(request.readDb, actorOf(request), { accountId }, PEOPLE_EXPORT_MAX_ROWS + 1);

/**
 * Accounts and contacts out of Nexa (issue 36): CSV (the columns the import reads back) and vCard 4.0,
 * each limited to what the caller sees (accounts/scope.ts): a representative, the accounts where they
 * own a deal and those accounts' contacts; a manager, all.
 */
export const peopleExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/accounts/export.csv',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'exportAccounts',
        description: `The accounts the caller sees, by name, as CSV (at most ${PEOPLE_EXPORT_MAX_ROWS.toLocaleString('en')} rows; \`X-Export-Truncated: true\` when there were more).`,
      },
    },
    async (request, reply) =>
      cappedDownload(
        reply,
        { type: 'text/csv', name: `nexa-accounts-${today()}.csv` },
        await exportAccounts(request.readDb, actorOf(request), PEOPLE_EXPORT_MAX_ROWS + 1),
        PEOPLE_EXPORT_MAX_ROWS,
        (rows) => safeCsv(ACCOUNT_EXPORT_COLUMNS, rows),
      ),
  );

  app.get(
    '/api/contacts/export.csv',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'exportContactsCsv',
        description: `The contacts the caller sees (of one account with \`account_id\`), by name, as CSV with the columns the contacts' import reads (at most ${PEOPLE_EXPORT_MAX_ROWS.toLocaleString('en')} rows; \`X-Export-Truncated: true\` when there were more).`,
        querystring: accountFilterSchema,
      },
    },
    async (request, reply) =>
      cappedDownload(
        reply,
        { type: 'text/csv', name: `nexa-contacts-${today()}.csv` },
        await contactsToExport(request, request.query.account_id),
        PEOPLE_EXPORT_MAX_ROWS,
        (rows) => safeCsv(CONTACT_EXPORT_COLUMNS, rows),
      ),
  );

  app.get(
    '/api/contacts/export.vcf',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'exportContactsVcard',
        description: `The contacts the caller sees (of one account with \`account_id\`) as one vCard 4.0 file (RFC 6350), a card each (at most ${PEOPLE_EXPORT_MAX_ROWS.toLocaleString('en')}).`,
        querystring: accountFilterSchema,
      },
    },
    async (request, reply) =>
      cappedDownload(
        reply,
        { type: 'text/vcard', name: `nexa-contacts-${today()}.vcf` },
        await contactsToExport(request, request.query.account_id),
        PEOPLE_EXPORT_MAX_ROWS,
        (rows) => vcardsOf(rows.map(cardOf)),
      ),
  );

  app.get(
    '/api/contacts/:id/vcard',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'getContactVcard',
        description: 'The contact as a vCard 4.0 file (RFC 6350); 404 when the caller does not see the contact.',
        params: contactIdParamsSchema,
      },
    },
    async (request, reply) => {
      const [contact] = await exportContacts(request.readDb, actorOf(request), { contactId: request.params.id }, 1);
      if (!contact) throw notFound('Contact');
      const name = contact.full_name.replace(/[^\p{L}\p{N} .-]/gu, '').trim() || `contact-${contact.id}`;
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', attachment(`${name}.vcf`))
        .send(vcardsOf([cardOf(contact)]));
    },
  );
};
