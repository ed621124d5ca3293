import type { CalendarLink } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const calendarKey = ['calendar'] as const;

/** GET /api/calendar: the member's private feed link (made on the first ask). */
export function useCalendarLink() {
  return useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => api.get<CalendarLink>(pathTo(ROUTES.getCalendarLink), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/calendar/rotate: a new link; the old one stops working at once. */
export function useRotateCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarLink>(pathTo(ROUTES.rotateCalendarLink), undefined),
    onSuccess: (link) => queryClient.setQueryData(calendarKey, link),
  });
}
