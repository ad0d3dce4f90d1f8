import type { z } from 'zod';
import type { apiKeySchema, createdApiKeySchema } from './call-insights.ts';

/** The types of the API-key payloads of the contract (docs/decisions/008). */
export type ApiKey = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
