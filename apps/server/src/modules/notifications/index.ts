export { notificationRoutes } from './routes.ts';
export {
  dailySummaryHandler,
  NOTIFICATION_DAILY,
  NOTIFICATION_EMAIL,
  notificationEmailHandler,
  notificationTick,
  WEEKLY_DIGEST,
  weeklyDigestHandler,
  type NotificationDeps,
} from './jobs.ts';
