import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  committeeAddSchema,
  committeeMemberParamsSchema,
  committeeRemoveQuerySchema,
  committeeRolesSchema,
  committeeSchema,
  contactActivitySchema,
  contactCreateSchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactPatchSchema,
  contactSchema,
  deletedContactSchema,
  opportunityIdParamsSchema,
  ROLES,
  type Committee,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import {
  addMember,
  contactActivity,
  createContact,
  deleteContact,
  getCommittee,
  getContact,
  listContactsFor,
  listDeletedContacts,
  patchContact,
  removeMember,
  restoreContact,
  setMemberRoles,
} from './service.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const tags = ['contacts'];

/** A stale version's answer: 409 with the committee as it is, as a stale deal edit answers with the deal. */
const conflictSchema = apiErrorBodySchema.extend({ current: committeeSchema });

/**
 * Contacts (the people deals are sold to) and each deal's buying committee (issue 36). A
 * representative sees the contacts of the accounts where they own a deal (accounts/scope.ts) and,
 * on a contact's page, only their own deals and those deals' calls; a manager sees all.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/contacts',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'listContacts',
        description:
          'The contacts the caller may see, by name; `q` searches name, e-mail, title and account. `total` is counted up to 1,000 rows past the page’s start (100 for a search), `capped` when there are more.',
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (request) => listContactsFor(request.readDb, actorOf(request), request.query),
  );

  app.post(
    '/api/contacts',
    {
      config: { access: READERS },
      schema: { tags, operationId: 'createContact', body: contactCreateSchema, response: { 201: contactSchema } },
    },
    async (request, reply) => reply.status(201).send(await createContact(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/contacts/deleted',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'listDeletedContacts',
        description: 'Contacts deleted in the last 30 days that the caller may restore, newest first.',
        response: { 200: z.object({ items: z.array(deletedContactSchema) }) },
      },
    },
    async (request) => ({ items: await listDeletedContacts(db, actorOf(request)) }),
  );

  app.get(
    '/api/contacts/:id',
    {
      config: { access: READERS },
      schema: { tags, operationId: 'getContact', params: contactIdParamsSchema, response: { 200: contactSchema } },
    },
    async (request) => getContact(request.readDb, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/contacts/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'editContact',
        params: contactIdParamsSchema,
        body: contactPatchSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => patchContact(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contacts/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'deleteContact',
        description:
          'The contact leaves every list and committee (each deal records it) and can be restored for 30 days. A representative cannot delete a person on another representative’s deal (409).',
        params: contactIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteContact(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/contacts/:id/restore',
    {
      config: { access: READERS },
      schema: { tags, operationId: 'restoreContact', params: contactIdParamsSchema, response: { 200: contactSchema } },
    },
    async (request) => restoreContact(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/contacts/:id/activity',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'getContactActivity',
        description:
          "The contact's deals with their roles, the calls they spoke in with their talk time, and what they asked and required (cited lines) — only on deals the caller may see.",
        params: contactIdParamsSchema,
        response: { 200: contactActivitySchema },
      },
    },
    async (request) => contactActivity(request.readDb, actorOf(request), request.params.id),
  );

  // --- the deal's buying committee ---

  /** A committee write's answer: the committee, or 409 with the committee as it is. */
  const conflict = (current: Committee) => ({
    error: { code: 'conflict' as const, message: 'The opportunity changed since this version' },
    current,
  });

  app.get(
    '/api/opportunities/:id/committee',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'getCommittee',
        description: "The deal's buying committee: its contacts and their roles, with the deal's version.",
        params: opportunityIdParamsSchema,
        response: { 200: committeeSchema },
      },
    },
    // The primary: after a change, the page reads its own write.
    async (request) => getCommittee(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/opportunities/:id/committee',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'addCommitteeMember',
        description:
          "Puts a contact on the committee with roles: an existing one (`contact_id`) or a new one (`contact`, in the deal's account unless another is named). Recorded in the deal's history as `committee`; with `version`, a stale one answers 409.",
        params: opportunityIdParamsSchema,
        body: committeeAddSchema,
        response: { 200: committeeSchema, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      const outcome = await addMember(db, actorOf(request), request.params.id, request.body);
      return outcome.ok ? outcome.committee : reply.status(409).send(conflict(outcome.current));
    },
  );

  app.put(
    '/api/opportunities/:id/committee/:contactId',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'setCommitteeRoles',
        description: "A member's roles, all of them (an empty list keeps them on the committee without a role).",
        params: committeeMemberParamsSchema,
        body: committeeRolesSchema,
        response: { 200: committeeSchema, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      const outcome = await setMemberRoles(db, actorOf(request), request.params.id, request.params.contactId, request.body);
      return outcome.ok ? outcome.committee : reply.status(409).send(conflict(outcome.current));
    },
  );

  app.delete(
    '/api/opportunities/:id/committee/:contactId',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'removeCommitteeMember',
        description: 'Takes the contact off the committee (the contact stays).',
        params: committeeMemberParamsSchema,
        querystring: committeeRemoveQuerySchema,
        response: { 200: committeeSchema, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      const outcome = await removeMember(
        db,
        actorOf(request),
        request.params.id,
        request.params.contactId,
        request.query.version,
      );
      return outcome.ok ? outcome.committee : reply.status(409).send(conflict(outcome.current));
    },
  );
};
