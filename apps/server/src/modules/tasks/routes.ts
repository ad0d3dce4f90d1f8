import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '@nexa/domain';
import {
  taskAcceptSchema,
  taskCreateSchema,
  taskDismissSchema,
  taskIdParamsSchema,
  taskListQuerySchema,
  taskListSchema,
  taskPatchSchema,
  taskSchema,
  taskSuggestionsSchema,
  teamOverdueQuerySchema,
  teamOverdueSchema,
} from '@nexa/domain/schemas/tasks';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { sendJsonText } from '../../http/json-text.ts';
import {
  acceptSuggestion,
  createTask,
  deleteTask,
  dismissSuggestion,
  listSuggestions,
  listTasks,
  patchTask,
  restoreTask,
  teamOverdueAnswer,
} from './service.ts';

const PEOPLE = [ROLES.representative, ROLES.manager] as const;
const MANAGER = [ROLES.manager] as const;
const tags = ['tasks'];

/** Tasks (issue 37): everyone's own list, a call's next steps to accept or dismiss, the manager's overdue view. */
export const taskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/tasks',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'listTasks',
        summary: "The signed-in person's tasks",
        description:
          "One list of the person's own tasks: overdue (open, due before now), today (open, due from now to the end of the day in their zone), upcoming, or done; with the open counts of each list.",
        querystring: taskListQuerySchema,
        response: { 200: taskListSchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await listTasks(request.readDb, actorOf(request), request.query, request.headers.cookie)),
  );

  app.post(
    '/api/tasks',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'createTask',
        summary: 'A task of the signed-in person, optionally on a deal they may read',
        body: taskCreateSchema,
        response: { 201: taskSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createTask(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/tasks/suggestions',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'listTaskSuggestions',
        summary: "Next steps of calls on the person's deals, not yet accepted or dismissed",
        response: { 200: taskSuggestionsSchema },
      },
    },
    async (request) => ({ items: await listSuggestions(db, actorOf(request), request.headers.cookie) }),
  );

  app.post(
    '/api/tasks/suggestions/accept',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'acceptTaskSuggestion',
        summary: "A call's next step becomes an open task (title and due time as given, else the step's)",
        description: '409 when the step was already accepted or dismissed.',
        body: taskAcceptSchema,
        response: { 201: taskSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await acceptSuggestion(db, actorOf(request), request.body, request.headers.cookie)),
  );

  app.post(
    '/api/tasks/suggestions/dismiss',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'dismissTaskSuggestion',
        summary: "A call's next step is not a task: it is not offered again",
        body: taskDismissSchema,
      },
    },
    async (request, reply) => {
      await dismissSuggestion(db, actorOf(request), request.body.call_analysis_id, request.body.step);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/tasks/:id',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'editTask',
        summary: 'Rename, move, snooze, complete or reopen an own task',
        params: taskIdParamsSchema,
        body: taskPatchSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => patchTask(db, actorOf(request), request.params.id, request.body, request.headers.cookie),
  );

  app.delete(
    '/api/tasks/:id',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'deleteTask',
        summary: 'Soft delete: the task leaves every list and can be restored',
        params: taskIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteTask(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/tasks/:id/restore',
    {
      config: { access: PEOPLE },
      schema: { tags, operationId: 'restoreTask', params: taskIdParamsSchema, response: { 200: taskSchema } },
    },
    async (request) => restoreTask(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/team/tasks/overdue',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        operationId: 'listTeamOverdueTasks',
        summary: "The team's open tasks past their due time, the longest overdue first",
        querystring: teamOverdueQuerySchema,
        response: { 200: teamOverdueSchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await teamOverdueAnswer(request.readDb, request.query.page, request.query.pageSize)),
  );
};
