import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { peopleImportRequestSchema, peopleImportResultSchema, PEOPLE_IMPORT_MAX_ROWS, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { importRequestOf, rawJsonBodies } from '../../http/import-body.ts';
import { readImportBodyOffThread } from '../../workers/import-body.ts';
import { importPeople } from './import.ts';

export interface PeopleImportRouteOptions {
  db: Db;
  importBodyLimitBytes: number;
}

const describe = (what: string, matched: string) =>
  `CSV rows after column mapping (field → text), at most ${PEOPLE_IMPORT_MAX_ROWS.toLocaleString('en')}. ${what} ` +
  `Line numbers in errors count the header as line 1. The valid rows land in one transaction: all or none. ` +
  `${matched} An \`Idempotency-Key\` header makes a retry safe, as for the deals' import.`;

/**
 * POST /api/accounts/import and /api/contacts/import: a plugin of their own, as the deals' import,
 * so the body reaches the worker thread as bytes (workers/import-body.ts reads it as the kind's rows).
 */
export const peopleImportRoutes: FastifyPluginAsyncZod<PeopleImportRouteOptions> = async (app, { db, importBodyLimitBytes }) => {
  rawJsonBodies(app, importBodyLimitBytes);
  const kinds = [
    {
      kind: 'accounts',
      // An account has no owner: a representative sees the accounts of their own deals, which their deals create.
      access: [ROLES.manager] as const,
      operationId: 'importAccounts',
      description: describe(
        'Columns: name (required), domain, industry, size, country.',
        'A row whose name or web domain is an account already there completes its empty details (a value set before is kept).',
      ),
    },
    {
      kind: 'contacts',
      access: [ROLES.representative, ROLES.manager] as const,
      operationId: 'importContacts',
      description: describe(
        'Columns: full_name (required), email, phone, title, account (a company name), account_domain, language (en or fr), time_zone (IANA). ' +
          'The account is found by its name or web domain, or created.',
        'A row whose e-mail (else name) is a contact of that account already completes its empty details.',
      ),
    },
  ] as const;

  for (const { kind, access, operationId, description } of kinds) {
    app.post(
      `/api/${kind}/import`,
      {
        config: { access },
        bodyLimit: importBodyLimitBytes,
        // The schema documents the body; the worker checks it (the bytes pass through here untouched).
        validatorCompiler: () => (data) => ({ value: data }),
        schema: {
          tags: ['contacts'],
          operationId,
          description,
          headers: z.object({ 'idempotency-key': z.string().optional() }),
          body: peopleImportRequestSchema,
          response: { 200: peopleImportResultSchema },
        },
      },
      async (request, reply) => {
        const { body, key } = importRequestOf(request);
        const file = await readImportBodyOffThread(body, kind);
        const { answer, replayed } = await importPeople(db, actorOf(request), kind, file, key);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return answer;
      },
    );
  }
};
