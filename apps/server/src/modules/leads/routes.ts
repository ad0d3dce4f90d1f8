import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  cleanFileName,
  demoRequestCreatedSchema,
  demoRequestInputSchema,
  demoSlotsQuerySchema,
  demoSlotsSchema,
  HONEYPOT_FIELD,
  leadListSchema,
  leadsQuerySchema,
  ROLES,
  teamApplicationCreatedSchema,
  teamApplicationSchema,
} from '@nexa/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { readFormWithSpooledFile } from '../../http/multipart.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/index.ts';
import { prepareSpool } from '../../uploads/spool.ts';
import { leadsCsv } from './csv.ts';
import { leadEmailBudget } from './email-budget.ts';
import { notifyNewLead } from './notify.ts';
import { startOrphanSweeper } from './orphan-sweeper.ts';
import { bookedSlotStarts, countLeads, listLeads } from './queries.ts';
import {
  createDemoRequest,
  createTeamApplication,
  demoInvite,
  demoRequestCreated,
  honeypotDemoAnswer,
  listDemoSlots,
  resumeOf,
  teamApplicationCreated,
  type RequestMeta,
  type UploadedResume,
} from './service.ts';

export interface LeadsDeps {
  db: Db;
  config: Config;
  storage: Storage;
  mailer: Mailer;
}

const EXPORT_MAX_ROWS = 50_000;
const idParams = z.object({ id: z.uuid() });

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  now: new Date(),
});

export const leadsRoutes: FastifyPluginAsyncZod<LeadsDeps> = async (app, { db, config, storage, mailer }) => {
  const maxBytes = config.leads.uploadMaxBytes;
  let sweeper: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    const removed = await prepareSpool(config.uploadTempDir);
    if (removed.length) app.log.warn({ event: 'uploads.spool_swept', count: removed.length }, 'removed uploads left by a crash');
    sweeper = startOrphanSweeper({ db, storage, log: app.log, ...config.leads.orphanSweep });
  });
  app.addHook('onClose', async () => sweeper?.stop());

  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 24, headerPairs: 100 },
  });

  // Each public POST has its own per-IP budget, stricter than the API's general one, and each
  // e-mail address a smaller one of its own.
  const publicPost = {
    access: 'public' as const,
    rateLimit: { max: config.leads.rateLimit.max, timeWindow: config.leads.rateLimit.windowMs },
  };
  const spendEmailBudget = leadEmailBudget(app, {
    max: config.leads.rateLimit.perEmail,
    windowMs: config.leads.rateLimit.windowMs,
  });

  app.get(
    '/api/leads/demo-slots',
    {
      config: { access: 'public' },
      schema: { tags: ['leads'], querystring: demoSlotsQuerySchema, response: { 200: demoSlotsSchema } },
    },
    async (request) => {
      const { from, to } = request.query;
      const slots = await listDemoSlots(db, config.leads.slots, new Date(from), new Date(to), new Date(), bookedSlotStarts);
      return { timeZone: config.leads.slots.timeZone, slotMinutes: config.leads.slots.slotMinutes, slots };
    },
  );

  app.post(
    '/api/leads/demo-requests',
    {
      config: publicPost,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['leads'],
        body: demoRequestInputSchema,
        response: { 200: demoRequestCreatedSchema, 201: demoRequestCreatedSchema, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const meta = metaOf(request);
      if (input[HONEYPOT_FIELD]) {
        request.log.warn({ event: 'leads.honeypot', ip: meta.ip }, 'honeypot filled; nothing stored');
        return reply.status(201).send(honeypotDemoAnswer(input, meta.now));
      }
      await spendEmailBudget(request, reply, input.email);
      const { row, created } = await createDemoRequest(db, input, config.leads.slots, meta);
      if (created) {
        notifyNewLead(
          mailer,
          config.leads.notifyEmail,
          request.log,
          `New ${row.request_type === 'demo' ? 'demo booking' : 'early-access request'}: ${row.full_name}`,
          {
            Type: row.request_type,
            Name: row.full_name,
            'E-mail': row.email,
            Company: row.company_name,
            Date: row.selected_date.toISOString(),
            Notes: row.notes,
          },
        );
      }
      return reply.status(created ? 201 : 200).send(demoRequestCreated(row, created));
    },
  );

  app.get(
    '/api/leads/demo-requests/:id/invite.ics',
    { config: { access: 'public' }, schema: { tags: ['leads'], params: idParams } },
    async (request, reply) => {
      const ics = await demoInvite(db, request.params.id, config.leads.slots.slotMinutes, config.publicUrl);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="nexa-demo.ics"')
        .send(ics);
    },
  );

  app.post(
    '/api/leads/team-applications',
    {
      config: publicPost,
      schema: {
        tags: ['leads'],
        consumes: ['multipart/form-data'],
        response: { 200: teamApplicationCreatedSchema, 201: teamApplicationCreatedSchema },
      },
    },
    async (request, reply) => {
      const meta = metaOf(request);
      const form = await readFormWithSpooledFile(request, {
        fileField: 'resume',
        spoolDir: config.uploadTempDir,
        tooLarge: () => new AppError('payload_too_large', `file_too_large: at most ${maxBytes} bytes`, 'resume'),
      });
      const resume: UploadedResume | null = form.file && {
        tempPath: form.file.tempPath,
        size: form.file.size,
        originalName: cleanFileName(form.file.name) || 'resume',
      };
      try {
        const input = parseOrThrow(teamApplicationSchema, form.fields);
        if (input[HONEYPOT_FIELD]) {
          request.log.warn({ event: 'leads.honeypot', ip: meta.ip }, 'honeypot filled; nothing stored');
          return reply.status(201).send({ id: randomUUID(), created: true, has_resume: resume !== null });
        }
        await spendEmailBudget(request, reply, input.email);
        const { row, created } = await createTeamApplication(db, storage, input, resume, meta);
        if (created) {
          notifyNewLead(mailer, config.leads.notifyEmail, request.log, `New application: ${row.full_name}`, {
            Name: row.full_name,
            'E-mail': row.email,
            Phone: row.phone_number,
            GitHub: row.github_link,
            LinkedIn: row.linkedin_link,
            Introduction: row.introduction_text,
            Resume: row.resume_original_name,
          });
        }
        return reply.status(created ? 201 : 200).send(teamApplicationCreated(row, created));
      } finally {
        if (resume) await fsp.rm(resume.tempPath, { force: true });
      }
    },
  );

  app.get(
    '/api/leads',
    {
      config: { access: [ROLES.manager] },
      schema: { tags: ['leads'], querystring: leadsQuerySchema, response: { 200: leadListSchema } },
    },
    async (request) => {
      const { type, q, page, pageSize } = request.query;
      const filter = { type, q: q || undefined };
      const [items, total] = await Promise.all([listLeads(db, filter, pageSize, (page - 1) * pageSize), countLeads(db, filter)]);
      return { items, total };
    },
  );

  app.get(
    '/api/leads/export.csv',
    {
      config: { access: [ROLES.manager] },
      schema: { tags: ['leads'], operationId: 'exportLeads', querystring: leadsQuerySchema.pick({ type: true, q: true }) },
    },
    async (request, reply) => {
      const { type, q } = request.query;
      const leads = await listLeads(db, { type, q: q || undefined }, EXPORT_MAX_ROWS, 0);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="nexa-leads-${day}.csv"`)
        .send(leadsCsv(leads));
    },
  );

  app.get(
    '/api/leads/team-applications/:id/resume',
    { config: { access: [ROLES.manager] }, schema: { tags: ['leads'], params: idParams } },
    async (request, reply) => {
      const { stream, size, row } = await resumeOf(db, storage, request.params.id);
      const name = row.resume_original_name ?? path.basename(row.resume_file_path!);
      const ascii = name.replace(/[^\x20-\x7e]/g, '_');
      if (size !== null) reply.header('content-length', size);
      // Always a download, never rendered by the browser, whatever the file claims to be.
      return reply
        .type(row.resume_content_type ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
};
