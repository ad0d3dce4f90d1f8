export { emitEvent, emitEvents, outboxStatementText, wakeWebhookDispatcher, type OutboxEvent } from './outbox.ts';
export { createWebhookDispatcher, envelope, type WebhookDispatcher } from './dispatcher.ts';
export { disabledNoticeHandler, enqueueDisabledNotices, WEBHOOK_DISABLED_NOTICE } from './notice.ts';
export { webhookRoutes } from './routes.ts';
export { webhookService, type WebhookService } from './service.ts';
