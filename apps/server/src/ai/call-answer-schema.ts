import { z } from 'zod';
import {
  callAnalysisSchema,
  citationSchema,
  citedPointSchema,
  committeeRoleSuggestionSchema,
  nextStepSchema,
  prospectQuestionSchema,
  QUALIFICATION_BOXES,
  scoreSchema,
  technicalRequirementSchema,
} from '@nexa/domain';

/**
 * What the model is asked to return (issue 34): the part of the shared analysis schema
 * (callAnalysisSchema) a model writes, every field present, each extracted item with the words it
 * stands on. The server adds the rest (language, speakers, talk share, the citation count) and
 * validates the answer with callAnalysisSchema itself.
 */
const quote = z.string().max(1000).describe("the prospect's or representative's words, copied exactly from the cited lines");

const box = z.object({
  ticked: z.boolean().describe('true only when a cited line of the prospect says it'),
  text: z.string().max(2000).nullable(),
  lines: citationSchema,
  quote,
});

const callAnswerSchema = z.object({
  technicalRequirements: z.array(technicalRequirementSchema.extend({ quote })).max(100),
  questions: z.array(prospectQuestionSchema.extend({ quote })).max(100),
  commercialPoints: z.array(citedPointSchema.extend({ quote })).max(100),
  technicalScore: scoreSchema,
  commercialScore: scoreSchema,
  feedback: callAnalysisSchema.shape.feedback,
  nextSteps: z.array(nextStepSchema.extend({ quote, due: nextStepSchema.shape.due.unwrap() })).max(50),
  qualification: z.object(Object.fromEntries(QUALIFICATION_BOXES.map((name) => [name, box]))),
  suggestedLeadStatus: callAnalysisSchema.shape.suggestedLeadStatus,
  nextMeeting: callAnalysisSchema.shape.nextMeeting,
  committeeRoles: z.array(committeeRoleSuggestionSchema).max(50),
});

type Json = Record<string, unknown>;

/** Keywords OpenAI's strict mode refuses (and local servers ignore): length bounds and regular expressions. */
const UNSUPPORTED = ['$schema', 'minLength', 'maxLength', 'pattern'];

/**
 * A JSON Schema that strict structured output accepts: every object closed
 * (additionalProperties false) with every property required, a property the zod schema leaves
 * optional made nullable instead (the answer's nulls are removed before validation).
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (UNSUPPORTED.includes(key)) continue;
    // zod writes int()'s safe-integer bounds out; they say nothing.
    if ((key === 'maximum' || key === 'minimum') && Math.abs(value as number) >= Number.MAX_SAFE_INTEGER) continue;
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, strict(v)])) : strict(value);
  }
  if (out.type === 'object' && out.properties) {
    const properties = out.properties as Json;
    const required = new Set((out.required as string[] | undefined) ?? []);
    for (const [name, value] of Object.entries(properties)) {
      if (!required.has(name)) properties[name] = { anyOf: [value, { type: 'null' }] };
    }
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

/** The answer's JSON Schema, computed once: what response_format json_schema sends. */
const CALL_ANSWER_JSON_SCHEMA = strict(z.toJSONSchema(callAnswerSchema, { target: 'draft-7', io: 'input' })) as Json;

/** The response_format of a request for structured output. */
export const CALL_ANSWER_FORMAT = {
  type: 'json_schema' as const,
  json_schema: { name: 'call_analysis', strict: true, schema: CALL_ANSWER_JSON_SCHEMA },
};

/** Nulls strict mode made the model write where the shared schema wants the field left out. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value as Json)) {
    if (item === null && (key === 'quote' || key === 'questions' || key === 'qualification')) continue;
    out[key] = withoutNulls(item);
  }
  return out;
}
