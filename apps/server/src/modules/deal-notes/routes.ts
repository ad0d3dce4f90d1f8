import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, opportunityIdParamsSchema, ROLES } from '@nexa/domain';
import {
  dealNoteCreateSchema,
  dealNoteIdParamsSchema,
  dealNoteListQuerySchema,
  dealNoteListSchema,
  dealNoteSchema,
  mentionablePeopleSchema,
} from '@nexa/domain/schemas/deal-notes';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { createNote, deleteNote, listNotes, mentionablePeople, restoreNote } from './service.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const tags = ['opportunities'];

/**
 * Notes on a deal with @mentions (issue 37): whoever may see the deal reads and adds notes (404 for
 * anyone else); a note's author deletes it and may undo. Reads go to the primary: a note just written
 * or deleted shows as it is now.
 */
export const dealNoteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/opportunities/:id/notes',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'listDealNotes',
        summary: "The deal's notes, newest first, a page at a time",
        params: opportunityIdParamsSchema,
        querystring: dealNoteListQuerySchema,
        response: { 200: dealNoteListSchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => listNotes(db, actorOf(request), request.params.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/opportunities/:id/notes/mentionable',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'listMentionablePeople',
        summary: 'Who a note on the deal may mention: the people who may see it (its owner, the managers), active',
        params: opportunityIdParamsSchema,
        response: { 200: mentionablePeopleSchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => mentionablePeople(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/opportunities/:id/notes',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'createDealNote',
        summary: 'Adds a note to the deal, recorded in its history; the people it mentions are notified',
        description:
          'Plain text of at most 5,000 characters. `mentions` are the ids of the people picked in the note box: an id is kept only when that person may see the deal, is active, is not the author and is still named `@Full Name` in the text; others are ignored. Each person kept is notified once (kind `mention`), as their preferences say.',
        params: opportunityIdParamsSchema,
        body: dealNoteCreateSchema,
        response: { 201: dealNoteSchema, 400: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createNote(db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/opportunities/:id/notes/:noteId',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'deleteDealNote',
        summary: 'Deletes a note of the signed-in person (undone by restore); 403 for anyone else’s',
        params: dealNoteIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteNote(db, actorOf(request), request.params.id, request.params.noteId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/opportunities/:id/notes/:noteId/restore',
    {
      config: { access: READERS },
      schema: {
        tags,
        operationId: 'restoreDealNote',
        summary: 'Brings back a note its author deleted (the undo)',
        params: dealNoteIdParamsSchema,
        response: { 200: dealNoteSchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => restoreNote(db, actorOf(request), request.params.id, request.params.noteId),
  );
};
