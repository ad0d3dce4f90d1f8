import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '@nexa/domain';
import { api, apiRequest } from '../../../lib/api-client.ts';

export type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint };

const keys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: string, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

const endpointPath = (id: string) => `/api/webhooks/endpoints/${encodeURIComponent(id)}`;

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: keys.endpoints,
    queryFn: () => api.get<{ items: WebhookEndpoint[] }>('/api/webhooks/endpoints'),
    staleTime: 0,
  });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());

export const DELIVERIES_PAGE_SIZE = 10;

/** An endpoint's log, read again every few seconds while it is open (deliveries move on their own). */
export const useWebhookDeliveries = (id: string, page: number) =>
  useQuery({
    queryKey: keys.deliveries(id, page),
    queryFn: () =>
      api.get<{ items: WebhookDelivery[]; total: number }>(
        `${endpointPath(id)}/deliveries?page=${page}&pageSize=${DELIVERIES_PAGE_SIZE}`,
      ),
    refetchInterval: 3_000,
    placeholderData: keepPreviousData,
  });

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) => api.post<CreatedWebhookEndpoint>('/api/webhooks/endpoints', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhookEndpointBody & { id: string }) =>
      apiRequest<WebhookEndpoint>(endpointPath(id), { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(endpointPath(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookDelivery>(`${endpointPath(id)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: number }) =>
      api.post<WebhookDelivery>(`${endpointPath(id)}/deliveries/${deliveryId}/replay`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
