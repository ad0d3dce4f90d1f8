import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callAnalysisHistorySchema,
  callAnalysisRequestFieldsSchema,
  cleanFileName,
  jobSchema,
  opportunityIdParamsSchema,
  ACCEPTED_TRANSCRIPT_FORMATS,
  lineText,
  ROLES,
  TranscriptFormatError,
} from '@nexa/domain';
import { configureCallThread, parseTranscriptOffThread, stopCallThread } from '../../ai/call-thread.ts';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { readFormWithFile } from '../../http/multipart.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { callReferenceDate, userTimeZone } from './call-date.ts';
import { enqueueTranscriptAnalysis } from './enqueue.ts';
import { assertOpportunityVisible, storedTranscript } from './queries.ts';
import { callAnalysisHistory } from './history.ts';
import { callPeopleRoutes } from './people-routes.ts';
import { readingRefused, textOf, TRANSCRIPT_MAX_BYTES, transcriptTextOf, transcriptTooLarge } from './transcript-file.ts';

const REP = [ROLES.representative] as const;
const READERS = [ROLES.representative, ROLES.manager] as const;

export interface CallAnalysisRoutesOptions {
  db: Db;
  /** CALL_WORKER_TIMEOUT_MS: how long one task may hold the process's one call-analysis worker. */
  workerTimeoutMs?: number;
}

export const callAnalysisRoutes: FastifyPluginAsyncZod<CallAnalysisRoutesOptions> = async (app, { db, workerTimeoutMs }) => {
  if (workerTimeoutMs) configureCallThread({ deadlineMs: workerTimeoutMs });
  // The parsing and analysis thread ends with the server.
  app.addHook('onClose', stopCallThread);
  await app.register(multipart, {
    limits: {
      fileSize: TRANSCRIPT_MAX_BYTES,
      files: 1,
      fields: 10,
      // A pasted transcript travels as a field: one byte over the limit is enough to tell.
      fieldSize: TRANSCRIPT_MAX_BYTES + 1,
      parts: 12,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/call-analyses',
    {
      config: { access: REP },
      bodyLimit: TRANSCRIPT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['call-analysis'],
        description:
          'Queue the analysis of a call transcript. Multipart: a `transcript` file (.txt, .vtt, .srt, .docx; 2 MB) or a `text` field; `language`; `opportunityId` (your own) or `client_company_name` + `product` (+ `amount`). Formats: WebVTT (Zoom, Google Meet, Teams), SRT, Otter/Fireflies text, .docx, "Speaker: text" lines; anything else is refused with 400 `unrecognised_transcript`. `call_date` (YYYY-MM-DD, or an ISO date-time) is when the call took place — relative dates said in it ("next Tuesday") are read from it in your time zone, and a date stated in the transcript header wins over it; `speakerRoles` (JSON, speaker → "rep" | "prospect") sets roles over every rule; `fromAnalysisId` (with `opportunityId`, no transcript) re-runs an earlier analysis of that opportunity on its transcript, e.g. with the roles swapped.',
        consumes: ['multipart/form-data'],
        response: { 202: jobSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { fields, file } = await readFormWithFile(request, {
        fileField: 'transcript',
        tooLarge: transcriptTooLarge,
        rejectLongFields: true,
      });
      if (fields.text !== undefined && Buffer.byteLength(fields.text) > TRANSCRIPT_MAX_BYTES) throw transcriptTooLarge();
      const input = parseOrThrow(callAnalysisRequestFieldsSchema, fields);
      const wantsNew = input.client_company_name !== undefined || input.product !== undefined || input.amount !== undefined;
      if ((input.opportunityId === undefined) === !wantsNew) {
        throw new AppError('bad_request', 'Give opportunityId or client_company_name and product, not both', 'opportunityId');
      }
      if (wantsNew && (!input.client_company_name || !input.product)) {
        throw new AppError(
          'bad_request',
          'client_company_name and product are required for a new opportunity',
          input.client_company_name ? 'product' : 'client_company_name',
        );
      }
      if (file && input.text) throw new AppError('bad_request', 'Send a transcript file or text, not both', 'text');
      if (input.fromAnalysisId && (file || input.text || input.opportunityId === undefined)) {
        throw new AppError(
          'bad_request',
          'A re-run takes opportunityId and fromAnalysisId, without a transcript',
          'fromAnalysisId',
        );
      }

      if (input.opportunityId !== undefined) {
        await assertOpportunityVisible(db, actor, input.opportunityId);
      }
      let transcript: string;
      let transcriptName: string | null = null;
      if (input.fromAnalysisId) {
        const stored = await storedTranscript(db, input.opportunityId!, input.fromAnalysisId);
        if (!stored) throw notFound('Call analysis');
        if (!stored.lines?.length)
          throw new AppError('bad_request', 'That analysis has no transcript to re-run', 'fromAnalysisId');
        transcript = stored.lines.join('\n');
        transcriptName = stored.transcriptName;
      } else if (file) {
        transcript = await transcriptTextOf(file.name, file.bytes);
        transcriptName = cleanFileName(file.name) || null;
      } else if (input.text) {
        transcript = textOf(Buffer.from(input.text, 'utf8'));
      } else throw new AppError('bad_request', 'Send a transcript file or text', 'transcript');
      let lines;
      try {
        // Off the event loop: 2 MB of text takes a moment to read.
        lines = await parseTranscriptOffThread(transcript, transcriptName, { strict: !input.fromAnalysisId });
      } catch (error) {
        const refused = readingRefused(error, file ? 'transcript' : 'text');
        if (refused) throw refused;
        if (!(error instanceof TranscriptFormatError)) throw error;
        throw new AppError(
          'bad_request',
          `unrecognised_transcript: the transcript is in none of the accepted formats: ${ACCEPTED_TRANSCRIPT_FORMATS}`,
          file ? 'transcript' : 'text',
        );
      }
      if (!lines.length) {
        throw new AppError('bad_request', 'The transcript has no text', file ? 'transcript' : 'text');
      }
      // A re-run reads the stored lines ("Name (label): text"): stored as they were, they parse back the same.
      if (input.fromAnalysisId) transcript = lines.map(lineText).join('\n');
      // The call's own date (its header, else the form's call_date): "next Tuesday" is read from it, in the rep's zone.
      const timeZone = await userTimeZone(db, actor.userId);
      const callDate = callReferenceDate(transcript, input.call_date, timeZone);
      const job = await db.transaction((tx) =>
        enqueueTranscriptAnalysis(tx, {
          owner: { userId: actor.userId },
          target:
            input.opportunityId !== undefined
              ? { opportunityId: input.opportunityId }
              : {
                  newOpportunity: {
                    client_company_name: input.client_company_name!,
                    product: input.product!,
                    amount: input.amount ?? null,
                    owner_id: actor.userId,
                    owner_match: 'manual',
                    account_manager: actor.fullName,
                  },
                },
          language: input.language,
          transcript,
          transcriptName,
          sellerName: actor.fullName,
          speakerRoles: input.speakerRoles ?? null,
          callDate,
          timeZone,
        }),
      );
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/opportunities/:id/call-analyses',
    {
      config: { access: READERS },
      schema: { tags: ['call-analysis'], params: opportunityIdParamsSchema, response: { 200: callAnalysisHistorySchema } },
    },
    async (request) => callAnalysisHistory(db, actorOf(request), request.params.id),
  );

  // A call's speakers as people and the buying roles it suggests (issue 36).
  await app.register(callPeopleRoutes, { db });
};
