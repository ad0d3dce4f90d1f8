import { z } from 'zod';
import { SNOOZE_CHOICES, TASK_SOURCES, TASK_STATUSES, TASK_VIEWS } from '../tasks.ts';

/** Request and answer shapes of /api/tasks (issue 37), shared by the server and the task page. */

const title = z.string().trim().min(1).max(500);
/** An instant with its offset, as the web app sends a time entered in the owner's zone. */
const instant = z.iso.datetime({ offset: true });

export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  due_at: z.string(),
  owner_id: z.string(),
  opportunity_id: z.number().int().nullable(),
  /** The deal's company (or product) when the deal is visible to the task's owner; null otherwise. */
  opportunity_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  source: z.enum(TASK_SOURCES),
  call_analysis_id: z.string().nullable(),
  source_line: z.number().int().nullable(),
  source_quote: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  completed_at: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = z.object({
  view: z.enum(TASK_VIEWS).default('today'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const taskListSchema = z.object({
  items: z.array(taskSchema),
  /** The list's rows, counted up to the page's offset + LIST_COUNT_AHEAD (decision 044): `capped` when there are more. */
  total: z.number().int(),
  capped: z.boolean(),
  /** Open tasks per list, for the tabs: exact up to TASK_COUNT_CAP (99), TASK_COUNT_CAP + 1 past it ("99+"). */
  counts: z.object({ today: z.number().int(), overdue: z.number().int(), upcoming: z.number().int() }),
  /** The zone "today" was read in. */
  timeZone: z.string(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskCreateSchema = z.object({
  title,
  due_at: instant,
  opportunity_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type TaskCreate = z.infer<typeof taskCreateSchema>;

/** One change at a time is the usual call, but any of them may be sent together. */
export const taskPatchSchema = z
  .object({
    title: title.optional(),
    due_at: instant.optional(),
    /** Moves the due time: in an hour, tomorrow 09:00 or next Monday 09:00 in the owner's zone. */
    snooze: z.enum(SNOOZE_CHOICES).optional(),
    /** 'done' completes the task, 'open' reopens it. */
    status: z.enum(['open', 'done']).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'Nothing to change' })
  .refine((patch) => !(patch.snooze && patch.due_at), { message: 'Snooze or a due time, not both', path: ['snooze'] });
export type TaskPatch = z.infer<typeof taskPatchSchema>;

export const taskIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** A call's next step not yet accepted or dismissed by the deal's owner. */
export const taskSuggestionSchema = z.object({
  call_analysis_id: z.string(),
  step: z.number().int(),
  title: z.string(),
  /** When the call said it is due (or null); the form offers suggestedDue. */
  due: z.string().nullable(),
  /** The due time offered: the call's, else the next working day at 09:00 in the owner's zone. */
  suggested_due_at: z.string(),
  source_line: z.number().int().nullable(),
  source_quote: z.string().nullable(),
  opportunity_id: z.number().int(),
  opportunity_name: z.string().nullable(),
  analysed_at: z.string(),
});
export type TaskSuggestion = z.infer<typeof taskSuggestionSchema>;

export const taskSuggestionsSchema = z.object({ items: z.array(taskSuggestionSchema) });
export type TaskSuggestions = z.infer<typeof taskSuggestionsSchema>;

const stepRef = {
  call_analysis_id: z.uuid(),
  step: z.number().int().min(0).max(49),
};

/** Accept a next step, optionally with its title or due time edited. */
export const taskAcceptSchema = z.object({ ...stepRef, title: title.optional(), due_at: instant.optional() });
export type TaskAccept = z.infer<typeof taskAcceptSchema>;

export const taskDismissSchema = z.object(stepRef);

export const teamOverdueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const teamOverdueSchema = z.object({
  items: z.array(taskSchema.extend({ owner_name: z.string() })),
  /** Counted up to the page's offset + LIST_COUNT_AHEAD (decision 044): `capped` when there are more. */
  total: z.number().int(),
  capped: z.boolean(),
});
export type TeamOverdue = z.infer<typeof teamOverdueSchema>;
