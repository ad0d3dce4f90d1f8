import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntriesSchema,
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationsSchema,
  invitationTokenSchema,
  personUpdateSchema,
  reassignDealsSchema,
  reassignedDealsSchema,
  ROLES,
  teamPeopleSchema,
  teamPersonSchema,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { listAudit } from './audit.ts';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
import { assignWaitingDeals, listPeople, reassignDeals, updatePerson } from './people.ts';

const MANAGER = [ROLES.manager] as const;
const AUDIT_SHOWN = 50;
const idParams = z.object({ id: z.string().min(1).max(64) });
const done = z.object({ ok: z.literal(true) });

export interface TeamAdminOptions {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  smallBodyLimitBytes: number;
}

/** The manager's team page: people, invitations, and the record of who changed what. */
export const teamAdminRoutes: FastifyPluginAsyncZod<TeamAdminOptions> = async (app, options) => {
  const { db, auth } = options;
  const tags = ['team-admin'];

  app.get(
    '/api/team-admin/people',
    { config: { access: MANAGER }, schema: { tags, response: { 200: teamPeopleSchema } } },
    async () => ({ items: await listPeople(db) }),
  );

  app.patch(
    '/api/team-admin/people/:id',
    {
      config: { access: MANAGER },
      schema: { tags, params: idParams, body: personUpdateSchema, response: { 200: teamPersonSchema } },
    },
    async (request) => updatePerson(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/team-admin/people/:id/assign-waiting-deals',
    {
      config: { access: MANAGER },
      schema: { tags, params: idParams, response: { 200: reassignedDealsSchema } },
    },
    async (request) => ({ moved: await assignWaitingDeals(db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/team-admin/people/:id/reassign-deals',
    {
      config: { access: MANAGER },
      schema: { tags, params: idParams, body: reassignDealsSchema, response: { 200: reassignedDealsSchema } },
    },
    async (request) => ({ moved: await reassignDeals(db, actorOf(request), request.params.id, request.body.to_user_id) }),
  );

  app.get(
    '/api/team-admin/invitations',
    { config: { access: MANAGER }, schema: { tags, response: { 200: invitationsSchema } } },
    async () => ({ items: await listInvitations(db) }),
  );

  app.post(
    '/api/team-admin/invitations',
    { config: { access: MANAGER }, schema: { tags, body: invitationCreateSchema, response: { 201: done } } },
    async (request, reply) => {
      await inviteMember(options, actorOf(request), request.body);
      request.log.info(
        { event: 'team.invitation.sent', by: actorOf(request).userId, email: request.body.email },
        'invitation sent',
      );
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/team-admin/invitations/:id/resend',
    { config: { access: MANAGER }, schema: { tags, params: idParams, response: { 200: done } } },
    async (request) => {
      await resendInvitation(options, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/team-admin/invitations/:id',
    { config: { access: MANAGER }, schema: { tags, params: idParams, response: { 200: done } } },
    async (request) => {
      await revokeInvitation(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/team-admin/audit',
    { config: { access: MANAGER }, schema: { tags, response: { 200: auditEntriesSchema } } },
    async () => ({ items: await listAudit(db, AUDIT_SHOWN) }),
  );

  // The invitation link: the token comes in the body (the page reads it from the URL fragment).
  app.post(
    '/api/invitations/preview',
    {
      config: { access: 'public' },
      bodyLimit: options.smallBodyLimitBytes,
      schema: { tags, body: invitationTokenSchema, response: { 200: invitationPreviewSchema } },
    },
    async (request) => previewInvitation(auth, db, request.body.token),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { access: 'public' },
      bodyLimit: options.smallBodyLimitBytes,
      schema: { tags, body: invitationAcceptSchema, response: { 200: invitationAcceptedSchema } },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(options, request.body);
      // Signed in through the auth library, so the session and its cookie are its own.
      const headers = new Headers({ 'x-forwarded-for': request.ip });
      const userAgent = request.headers['user-agent'];
      if (userAgent) headers.set('user-agent', userAgent);
      const signedIn = await auth.api
        .signInEmail({ body: { email: accepted.email, password: request.body.password }, headers, returnHeaders: true })
        .catch(() => null);
      if (!signedIn) throw new AppError('service_unavailable', 'Your account is ready; sign in to continue');
      const cookies = signedIn.headers.getSetCookie();
      if (cookies.length) void reply.header('set-cookie', cookies);
      request.log.info({ event: 'team.invitation.accepted', email: accepted.email, ip: request.ip }, 'invitation accepted');
      return { role: accepted.role, home: accepted.home };
    },
  );
};
