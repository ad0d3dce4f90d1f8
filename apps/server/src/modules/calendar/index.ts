export { createCalDavClient } from './caldav.ts';
export { CALENDAR_SYNC, requestAllCalendarSyncs, requestBookingCalendarSyncs, requestCalendarSync } from './enqueue.ts';
export { calendarRoutes } from './routes.ts';
export { calendarService } from './service.ts';
export { calendarSyncHandler } from './sync.ts';
