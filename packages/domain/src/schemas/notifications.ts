import { z } from 'zod';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '../notifications.ts';

/** Request and answer shapes of /api/notifications (issue 37), shared by the server and the bell's panel. */

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * What the words need, by kind: deal_moved {deal, by, from, to}, task_due {title, due_at},
   * deal_at_risk {deal, warnings}, mention {deal, by, excerpt, note_id}, analysis_finished {deal},
   * weekly_digest {week, risks, overdue, changes}.
   */
  data: z.record(z.string(), z.unknown()),
  /** The deal it is about, while the person may still read it (null after a hand-over). */
  opportunity_id: z.number().int().nullable(),
  /** The deal's owner, for a manager's link to it. */
  opportunity_owner_id: z.string().nullable(),
  task_id: z.number().int().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Counted up to 100: `capped` when there are more. */
  total: z.number().int(),
  capped: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({
  /** Exact up to UNREAD_COUNT_CAP, UNREAD_COUNT_CAP + 1 past it. */
  unread: z.number().int(),
});

export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const readAllSchema = z.object({ updated: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  in_app: z.boolean(),
  email: z.enum(EMAIL_MODES),
});

export const notificationPreferencesSchema = z.object({ items: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateSchema = z.object({
  items: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});
