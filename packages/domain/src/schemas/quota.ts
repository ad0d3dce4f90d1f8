import { z } from 'zod';

/** GET /api/quota: the representative's own number (QuotaStanding of ../quota.ts). */
export const quotaStandingSchema = z.object({
  quarterlyQuota: z.number().int(),
  quotaIsDefault: z.boolean(),
  wonThisQuarter: z.number(),
  commitThisQuarter: z.number(),
  quotaAttainment: z.number().int(),
  gapToQuota: z.number(),
});
