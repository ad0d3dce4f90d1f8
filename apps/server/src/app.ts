import { randomUUID } from 'node:crypto';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessControl } from './auth/access.ts';
import { createAuth } from './auth/auth.ts';
import { AUTH_ROUTE, authPathOf, authRoutes } from './auth/routes.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { databaseMilliseconds, runWithQueryClock } from './db/query-clock.ts';
import { readRouting } from './http/read-routing.ts';
import { isApiRequest } from './http/api-route.ts';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { openapiOptions } from './http/openapi.ts';
import { loggerOptions } from './http/log.ts';
import { serverTimeouts } from './http/timeouts.ts';
import { clientErrorHandler, trackUnansweredRequests } from './http/client-error.ts';
import { createRedis } from './http/redis.ts';
import { registerSpa } from './http/spa.ts';
import { createAnalysisProvider } from './ai/index.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { teamAdminRoutes } from './modules/team-admin/routes.ts';
import { leadsRoutes } from './modules/leads/routes.ts';
import { createStorage, type Storage } from './storage/index.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { insightRoutes } from './modules/insights/routes.ts';
import { forecastCallRoutes } from './modules/insights/calls.ts';
import {
  callReminderEmailHandler,
  enqueueCallReminderEmails,
  FORECAST_CALL_REMINDER,
} from './modules/insights/call-reminder-emails.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { peopleImportRoutes } from './modules/contacts-io/import-routes.ts';
import { peopleIngestRoutes } from './modules/contacts-io/ingest-routes.ts';
import { peopleExportRoutes } from './modules/contacts-io/routes.ts';
import { opportunityRoutes } from './modules/opportunities/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { pipelineRoutes } from './modules/pipeline/routes.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { dealEmailRoutes } from './modules/deal-emails/routes.ts';
import { dealNoteRoutes } from './modules/deal-notes/routes.ts';
import { integrationRoutes } from './modules/integrations/routes.ts';
import { apiKeyLookup } from './modules/integrations/keys.ts';
import { createCallAnalysisProvider } from './ai/call-index.ts';
import { callAnalysisRoutes, TRANSCRIPT_ANALYSIS, transcriptAnalysisHandler } from './modules/call-analysis/index.ts';
import { createJobWorker, jobRoutes, type JobWorker } from './modules/jobs/index.ts';
import {
  CALENDAR_SYNC,
  calendarRoutes,
  calendarService,
  calendarSyncHandler,
  createCalDavClient,
  requestAllCalendarSyncs,
} from './modules/calendar/index.ts';
import { createSecretBox } from './secrets/box.ts';
import {
  dailySummaryHandler,
  NOTIFICATION_DAILY,
  NOTIFICATION_EMAIL,
  notificationEmailHandler,
  notificationRoutes,
  notificationTick,
  WEEKLY_DIGEST,
  weeklyDigestHandler,
} from './modules/notifications/index.ts';
import {
  createWebhookDispatcher,
  disabledNoticeHandler,
  enqueueDisabledNotices,
  WEBHOOK_DISABLED_NOTICE,
  webhookRoutes,
  webhookService,
  type WebhookDispatcher,
} from './modules/webhooks/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker (tests wake it or run it alone). */
    jobWorker: JobWorker;
    /** This process's webhook dispatcher (decision 036). */
    webhookDispatcher: WebhookDispatcher;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own logger writes (standard output by default; tests read it). */
  logStream?: DestinationStream;
  /** Replaces the configured storage (tests inject a failing one). */
  storage?: Storage;
}

/** Runs of 20 or more URL-safe characters: what a token looks like (a calendar feed's is 32). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{20,}/g;

/**
 * The path of a request as logged, never a token: query strings are dropped, a route whose path
 * carries one (a calendar feed's `:token`) is logged as its pattern, and a path no route took (a
 * doubled slash, a dot segment or an escape can spell a token's route so) has token-like runs hidden.
 */
function loggedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === AUTH_ROUTE) return `/api/auth${authPathOf(request)}`.replace(/^(\/api\/auth\/reset-password\/).+/, '$1:token');
  if (route?.includes(':token')) return route;
  const path = request.url.split('?')[0] ?? '';
  return route ? path : path.replace(TOKEN_LIKE, ':token');
}

/** Builds the whole server without listening, so tests can use it through inject() or a port. */
export async function buildApp({ config, database, logger, logStream, storage }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config.logLevel), stream: logStream },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    ...serverTimeouts(config.http),
    clientErrorHandler,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request, written when it completes (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // On close: idle keep-alive sockets are closed at once, busy ones once their response is sent.
    forceCloseConnections: 'idle',
    // Fastify marks itself closing before the listener stops: a connection accepted in that gap got
    // a bare 503 (not our error shape) for a request nobody processed, lost in a rolling restart.
    // The database stays open until close() returns, so those requests are served instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  trackUnansweredRequests(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedPath(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        userId: request.actor?.userId,
        apiKeyId: request.apiKey?.id,
      },
      'request',
    );
  });

  // Once closing, every answer carries `Connection: close`. A proxy that keeps its connections to the
  // instance alive (nginx's upstream keepalive) would otherwise go on sending requests over them and
  // the process would never finish closing; instead it opens a new connection for its next request,
  // which the stopped listener refuses, and the proxy sends that request to another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // Every request keeps a clock of the time it waits on its database (db/query-clock.ts), first of
  // all hooks, so the session read counts too.
  app.addHook('onRequest', (_request, _reply, done) => runWithQueryClock(done));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The server's time for this answer, from the request parsed to the body serialized, and the
    // part of it spent waiting on the database (Server-Timing, shown by browsers' developer tools;
    // the rep bench sets one beside the other). A client can time a response anyway, so it tells
    // nothing new.
    const database = databaseMilliseconds();
    reply.header(
      'server-timing',
      `app;dur=${reply.elapsedTime.toFixed(3)}${database === undefined ? '' : `, db;dur=${database.toFixed(3)}`}`,
    );
    // API answers are never cached, unless the route says otherwise (the reference page's script).
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });

  // Security headers from one helmet middleware built here. @fastify/helmet builds a new one
  // (parsing the whole policy) on every request, a measurable share of a small API call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  const redis = config.redisUrl ? await createRedis(config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    allowList: (request) => !isApiRequest(request),
    // With Redis every instance counts against the same limit; if Redis is down, requests pass
    // rather than fail (the limit is a guard, not a dependency).
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
  });

  const mailer = createMailer(config, app.log);
  app.addHook('onClose', () => mailer.drain());
  const auth = createAuth(config, database.db, { mailer, log: app.log });
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  await app.register(swagger, openapiOptions({ publicUrl: config.publicUrl, sessionCookie }));
  await app.register(accessControl, { auth, db: database.db, ping: database.ping, findApiKey: apiKeyLookup(database.db) });
  await app.register(readRouting, { database });
  await app.register(authRoutes, { auth, config });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(apiDocsRoutes);
  await app.register(healthRoutes, { database });
  await app.register(meRoutes, { db: database.db, auth });
  await app.register(teamAdminRoutes, {
    db: database.db,
    auth,
    mailer,
    publicUrl: config.publicUrl,
    smallBodyLimitBytes: config.smallBodyLimitBytes,
  });
  await app.register(leadsRoutes, {
    db: database.db,
    config,
    storage: storage ?? createStorage(config),
    mailer,
  });
  await app.register(analysisRoutes, {
    db: database.db,
    provider: createAnalysisProvider(config.ai),
    analysis: config.analysis,
    bodyLimitBytes: config.smallBodyLimitBytes,
  });
  await app.register(teamRoutes, { db: database.db, defaultQuarterlyQuota: config.defaultQuarterlyQuota });
  await app.register(insightRoutes, { db: database.db, defaultQuarterlyQuota: config.defaultQuarterlyQuota });
  await app.register(forecastCallRoutes, { db: database.db, defaultQuarterlyQuota: config.defaultQuarterlyQuota });
  await app.register(opportunityRoutes, { db: database.db, importBodyLimitBytes: config.importBodyLimitBytes });
  await app.register(peopleImportRoutes, { db: database.db, importBodyLimitBytes: config.importBodyLimitBytes });
  await app.register(peopleExportRoutes);
  await app.register(privacyRoutes, { db: database.db, dataDir: config.dataDir });
  await app.register(pipelineRoutes);
  await app.register(companyRoutes);
  await app.register(accountRoutes, { db: database.db });
  await app.register(contactRoutes, { db: database.db });
  await app.register(taskRoutes, { db: database.db });
  await app.register(dealEmailRoutes, { db: database.db, mailer, rateLimit: config.followUpEmail.rateLimit });
  await app.register(dealNoteRoutes, { db: database.db });
  await app.register(jobRoutes, { db: database.db });
  await app.register(notificationRoutes, { db: database.db });
  await app.register(callAnalysisRoutes, { db: database.db, workerTimeoutMs: config.callWorker.timeoutMs });

  // Every process works the job queue (docs/decisions/008); it stops before the database closes.
  const worker = createJobWorker({ db: database.db, log: app.log, ...config.jobs });
  worker.register(TRANSCRIPT_ANALYSIS, transcriptAnalysisHandler(database.db, createCallAnalysisProvider(config.ai)));
  worker.register(FORECAST_CALL_REMINDER, callReminderEmailHandler({ db: database.db, mailer, publicUrl: config.publicUrl }));
  worker.every('forecast call reminders', config.forecastCallReminderEveryMs, (now) =>
    enqueueCallReminderEmails(database.db, now).then(() => undefined),
  );
  // Notifications (issue 37, decision 043): a sweep and the e-mails it leads to, on the same queue.
  const notificationDeps = {
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    defaultTimeZone: config.notifications.defaultTimeZone,
  };
  worker.register(NOTIFICATION_EMAIL, notificationEmailHandler(notificationDeps));
  worker.register(NOTIFICATION_DAILY, dailySummaryHandler(notificationDeps));
  worker.register(WEEKLY_DIGEST, weeklyDigestHandler(notificationDeps));
  // Thousands fall due at one 08:00: paced, so they do not take the CPU the requests need.
  worker.pace([NOTIFICATION_DAILY, WEEKLY_DIGEST], config.notifications.mailPerSecond);
  worker.every('notifications', config.notifications.everyMs, (now) =>
    notificationTick(database.db, now, config.notifications.defaultTimeZone).then(() => undefined),
  );
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('preClose', async () => worker.stop());
  app.decorate('jobWorker', worker);

  // Outbound webhooks: the managers' API and the dispatcher that delivers the outbox (decision 036).
  const secretBox = createSecretBox(config.secretsKey ?? config.authSecret);
  await app.register(webhookRoutes, {
    service: webhookService({ db: database.db, box: secretBox, allowPrivate: config.webhooks.allowPrivate }),
  });
  worker.register(WEBHOOK_DISABLED_NOTICE, disabledNoticeHandler({ db: database.db, mailer, publicUrl: config.publicUrl }));
  const dispatcher = createWebhookDispatcher({
    db: database.db,
    holdLock: database.holdLock,
    log: app.log,
    box: secretBox,
    schedule: config.webhooks.retry,
    outbound: {
      allowPrivate: config.webhooks.allowPrivate,
      timeoutMs: config.webhooks.timeoutMs,
      maxResponseBytes: config.webhooks.maxResponseBytes,
    },
    pollMs: config.webhooks.pollMs,
    leaseMs: config.webhooks.leaseMs,
    concurrency: config.webhooks.concurrency,
    onDisabled: async (endpointId, disabledAt) => void (await enqueueDisabledNotices(database.db, endpointId, disabledAt)),
  });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('preClose', async () => dispatcher.stop());
  app.decorate('webhookDispatcher', dispatcher);
  // People's CalDAV calendars and .ics feeds (decision 042): synced by jobs, through the outbound rule.
  const calDav = createCalDavClient({
    allowPrivate: config.calendar.allowPrivate,
    timeoutMs: config.calendar.timeoutMs,
    maxResponseBytes: 4_194_304,
  });
  await app.register(calendarRoutes, {
    service: calendarService({
      db: database.db,
      box: secretBox,
      client: calDav,
      publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
      demoMinutes: config.leads.slots.slotMinutes,
    }),
  });
  worker.register(
    CALENDAR_SYNC,
    calendarSyncHandler({
      db: database.db,
      box: secretBox,
      client: calDav,
      log: app.log,
      demoMinutes: config.leads.slots.slotMinutes,
    }),
  );
  worker.every('calendar syncs', config.calendar.syncEveryMs, (now) =>
    requestAllCalendarSyncs(database.db, now, config.calendar.syncEveryMs).then(() => undefined),
  );
  await app.register(integrationRoutes, { db: database.db, ingest: config.ingest });
  await app.register(peopleIngestRoutes, { db: database.db, ingest: config.ingest });

  await registerSpa(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
