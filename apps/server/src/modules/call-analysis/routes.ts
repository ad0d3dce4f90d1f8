import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callAnalysisHistorySchema,
  callAnalysisRequestFieldsSchema,
  cleanFileName,
  jobSchema,
  opportunityIdParamsSchema,
  parseTranscript,
  ROLES,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { readFormWithFile } from '../../http/multipart.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { enqueueTranscriptAnalysis } from './enqueue.ts';
import { assertOpportunityVisible } from './queries.ts';
import { callAnalysisHistory } from './history.ts';
import { textOf, TRANSCRIPT_MAX_BYTES, transcriptTextOf, transcriptTooLarge } from './transcript-file.ts';

const REP = [ROLES.representative] as const;
const READERS = [ROLES.representative, ROLES.manager] as const;

export interface CallAnalysisRoutesOptions {
  db: Db;
}

export const callAnalysisRoutes: FastifyPluginAsyncZod<CallAnalysisRoutesOptions> = async (app, { db }) => {
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
          'Queue the analysis of a call transcript. Multipart: a `transcript` file (.txt, .vtt, .srt, .docx; 2 MB) or a `text` field; `language`; `opportunityId` (your own) or `client_company_name` + `product` (+ `amount`).',
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

      let transcript: string;
      let transcriptName: string | null = null;
      if (file) {
        transcript = await transcriptTextOf(file.name, file.bytes);
        transcriptName = cleanFileName(file.name) || null;
      } else if (input.text) {
        transcript = textOf(Buffer.from(input.text, 'utf8'));
      } else throw new AppError('bad_request', 'Send a transcript file or text', 'transcript');
      if (!parseTranscript(transcript, transcriptName).length) {
        throw new AppError('bad_request', 'The transcript has no text', file ? 'transcript' : 'text');
      }

      if (input.opportunityId !== undefined) {
        await assertOpportunityVisible(db, actor, input.opportunityId);
      }
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
};
