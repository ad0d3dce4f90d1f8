import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addSpeakerContactBodySchema,
  callAnalysisIdParamsSchema,
  callPeopleSchema,
  roleSuggestionParamsSchema,
  ROLES,
  setSpeakerSideBodySchema,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { addSpeakerContact, callPeople, decideRoleSuggestion, setSpeakerSide } from './people-service.ts';

/** Whoever may read the deal: its representative, and managers (who may edit any deal). */
const READERS = [ROLES.representative, ROLES.manager] as const;

/** A call's speakers as people and the roles it suggests (issue 36). */
export const callPeopleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/call-analyses/:id/people',
    {
      config: { access: READERS },
      schema: {
        tags: ['call-analysis'],
        description:
          "A call's speakers (the contact or workspace member each one is, their side, talk time and turns) and the buying roles the call suggests, pending a person's decision, with their cited lines. 404 when the deal is not yours.",
        params: callAnalysisIdParamsSchema,
        response: { 200: callPeopleSchema },
      },
    },
    async (request) => callPeople(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/call-analyses/:id/people/contacts',
    {
      config: { access: READERS },
      schema: {
        tags: ['call-analysis'],
        description:
          "Adds a speaker of the call (or a person it names, `name`) as a contact of the deal's account and puts them on the deal's committee without a role; the speaker and the call's suggestions about them are linked to the contact. 409 when the speaker is already a known person.",
        params: callAnalysisIdParamsSchema,
        body: addSpeakerContactBodySchema,
        response: { 201: callPeopleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSpeakerContact(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/call-analyses/:id/people/side',
    {
      config: { access: READERS },
      schema: {
        tags: ['call-analysis'],
        description:
          "Sets the side (buyer or seller) of a speaker's contact: stored on the contact and read first on every later call of the account. 409 when the speaker is not a contact yet, or is a member of the workspace (always the seller side).",
        params: callAnalysisIdParamsSchema,
        body: setSpeakerSideBodySchema,
        response: { 200: callPeopleSchema },
      },
    },
    async (request) => setSpeakerSide(db, actorOf(request), request.params.id, request.body),
  );

  for (const decision of ['accept', 'dismiss'] as const) {
    app.post(
      `/api/call-analyses/:id/role-suggestions/:suggestionId/${decision}`,
      {
        config: { access: READERS },
        schema: {
          tags: ['call-analysis'],
          description:
            decision === 'accept'
              ? "Accepts a suggested buying role: the role is added to the person's place on the deal's committee, recorded in the deal's history as the person's change from this analysis. 409 when the person is not a contact yet."
              : 'Dismisses a suggested buying role: nothing else changes.',
          params: roleSuggestionParamsSchema,
          response: { 200: callPeopleSchema },
        },
      },
      async (request) => decideRoleSuggestion(db, actorOf(request), request.params.id, request.params.suggestionId, decision),
    );
  }
};
