import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoSlots } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** How far ahead the calendar offers slots. */
export const SLOT_HORIZON_DAYS = 60;

export const getDemoSlots = (from: Date, to: Date) =>
  api.get<DemoSlots>(
    `/api/leads/demo-slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
  );

export const demoSlotsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.leads.demoSlots(),
    queryFn: () => {
      const from = new Date();
      return getDemoSlots(from, new Date(from.getTime() + SLOT_HORIZON_DAYS * 24 * 3600_000));
    },
    // Slots are taken by other visitors: keep them fresh.
    staleTime: 30_000,
  });

export const useDemoSlots = () => useQuery(demoSlotsQueryOptions());
