import type {
  ChannelAttempt,
  ChannelList,
  ChannelTestResult,
  CreateChannelBody,
  MemberChannel,
} from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The member's chat channels; each channel's delivery log lives under it, so one invalidation refreshes both. */
export const channelsKey = ['channels'] as const;
export const channelDeliveriesKey = (id: string) => ['channels', id, 'deliveries'] as const;

/** GET /api/channels: Discord, ntfy and webhook channels, oldest first, URLs masked. */
export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => api.get<ChannelList>(pathTo(ROUTES.listChannels), signal),
  });
}

/** POST /api/channels: 400 names the field, 409 when the member has MAX_CHANNELS already. */
export function useAddChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelBody) => api.post<MemberChannel>(pathTo(ROUTES.addChannel), body),
    onSuccess: (hook) => {
      // Listed at once (the server lists oldest first), then read again.
      queryClient.setQueryData<ChannelList>(channelsKey, (list) =>
        list ? { channels: [...list.channels, hook] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: channelsKey });
    },
  });
}

/** DELETE /api/channels/{id}. */
export function useRemoveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(pathTo(ROUTES.removeChannel, { id })),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ChannelList>(channelsKey, (list) =>
        list ? { channels: list.channels.filter((c) => c.id !== id) } : list,
      );
      // The removed channel's open log would only answer 404 now.
      queryClient.removeQueries({ queryKey: channelDeliveriesKey(id) });
      return queryClient.invalidateQueries({
        queryKey: channelsKey,
        predicate: (query) => query.queryKey[1] !== id,
      });
    },
  });
}

/**
 * POST /api/channels/{id}/test: sends a test message now. A channel that was off and works again is on
 * again, and the test is in its log, so the list and open logs are read again.
 */
export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ChannelTestResult>(pathTo(ROUTES.testChannel, { id }), undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}

/** GET /api/channels/{id}/deliveries: the latest attempts, newest first; read only while shown. */
export function useChannelDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: channelDeliveriesKey(id),
    queryFn: ({ signal }) =>
      api.get<{ deliveries: ChannelAttempt[] }>(pathTo(ROUTES.channelDeliveries, { id }), signal),
    enabled,
  });
}
