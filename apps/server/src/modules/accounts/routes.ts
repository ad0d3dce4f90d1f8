import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  accountChangeResultSchema,
  accountDetailSchema,
  accountIdParamsSchema,
  accountListQuerySchema,
  accountMergeIdParamsSchema,
  accountMergeSchema,
  accountPageSchema,
  accountPatchSchema,
  accountSchema,
  accountSplitSchema,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { accountDetail, listAccounts } from './queries.ts';
import { mergeAccounts, patchAccount, splitAccount, undoAccountChange } from './service.ts';

/*
 * Accounts (issue 36): a representative sees the accounts where they own a deal, a manager all
 * (scope.ts); an account the caller may not see answers 404 like a missing one.
 */
const PEOPLE = [ROLES.representative, ROLES.manager] as const;

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/accounts',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['accounts'],
        description:
          'The accounts the caller may see (a representative: those where they own a deal), with figures over their visible deals; `total` is counted up to 1,000 rows past the page’s start, `capped` when there are more.',
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema },
      },
    },
    async (request) => listAccounts(request.readDb, actorOf(request), request.query),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: PEOPLE },
      schema: { tags: ['accounts'], params: accountIdParamsSchema, response: { 200: accountDetailSchema } },
    },
    async (request) => {
      const detail = await accountDetail(db, actorOf(request), request.params.id);
      if (!detail) throw notFound('Account');
      return detail;
    },
  );

  app.patch(
    '/api/accounts/:id',
    {
      config: { access: PEOPLE },
      schema: { tags: ['accounts'], params: accountIdParamsSchema, body: accountPatchSchema, response: { 200: accountSchema } },
    },
    async (request) => patchAccount(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/accounts/:id/merge',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['accounts'],
        description:
          'Merges the accounts `from` into this one (their deals and contacts move); undone by POST /api/accounts/merges/:id/undo.',
        params: accountIdParamsSchema,
        body: accountMergeSchema,
        response: { 200: accountChangeResultSchema },
      },
    },
    async (request) => mergeAccounts(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/accounts/:id/split',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['accounts'],
        description: 'Moves the chosen deals and contacts to a new account; undone by POST /api/accounts/merges/:id/undo.',
        params: accountIdParamsSchema,
        body: accountSplitSchema,
        response: { 201: accountChangeResultSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await splitAccount(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/accounts/merges/:id/undo',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['accounts'],
        params: accountMergeIdParamsSchema,
        response: { 200: accountChangeResultSchema },
      },
    },
    async (request) => undoAccountChange(db, actorOf(request), request.params.id),
  );
};
