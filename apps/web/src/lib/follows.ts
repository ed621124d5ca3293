import type { CreateFollowBody, Follow, FollowsAnswer } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { useSession } from './session';
import { showToast } from './toast';

/** The member's follows; the first part is what sign-out clears (see lib/session). */
export const followsKey = (uid: string) => ['follows', uid] as const;

const getFollows = (signal?: AbortSignal) => api.get<FollowsAnswer>(pathTo(ROUTES.listFollows), signal);

/** The signed-in member's follows (nothing is fetched for a visitor). */
export function useFollows() {
  const { currentUser } = useSession();
  const uid = currentUser?.id ?? '';
  return useQuery({
    queryKey: followsKey(uid),
    queryFn: ({ signal }) => getFollows(signal),
    enabled: uid !== '',
    staleTime: 60_000,
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * POST /api/follows, then the follows and the watchlist are read again (the titles it added are on
 * it) and a toast says what happened.
 */
export function useFollow() {
  const queryClient = useQueryClient();
  const { currentUser } = useSession();
  return useMutation({
    mutationFn: (body: CreateFollowBody) => api.post<Follow & { added: number }>(pathTo(ROUTES.follow), body),
    onSuccess: async (follow) => {
      const uid = currentUser?.id ?? '';
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: followsKey(uid) }),
        queryClient.invalidateQueries({ queryKey: ['watchlist', uid] }),
      ]);
      void showToast({
        title: `Following ${follow.name}`,
        message:
          follow.added > 0
            ? `${plural(follow.added, 'title', 'titles')} still to come ${follow.added === 1 ? 'is' : 'are'} on your watchlist. We'll tell you when another is announced.`
            : "Nothing is announced yet. We'll put the next title on your watchlist and tell you.",
        color: 'teal',
        autoClose: 4000,
      });
    },
    onError: (error) => {
      console.warn(new Error('Failed to follow', { cause: error }));
      void showToast({
        title: 'Could not follow',
        message: 'Something went wrong. Please try again.',
        color: 'red',
        autoClose: 5000,
      });
    },
  });
}

/** DELETE /api/follows/{id}: what it added stays on the watchlist. */
export function useUnfollow() {
  const queryClient = useQueryClient();
  const { currentUser } = useSession();
  return useMutation({
    mutationFn: (follow: Pick<Follow, 'id' | 'name'>) =>
      api.delete<null>(pathTo(ROUTES.unfollow, { id: follow.id })),
    onSuccess: async (_answer, follow) => {
      await queryClient.invalidateQueries({ queryKey: followsKey(currentUser?.id ?? '') });
      void showToast({
        title: `Unfollowed ${follow.name}`,
        message: 'The titles it added stay on your watchlist.',
        color: 'gray',
        autoClose: 3000,
      });
    },
    onError: (error) => {
      console.warn(new Error('Failed to unfollow', { cause: error }));
      void showToast({
        title: 'Could not unfollow',
        message: 'Something went wrong. Please try again.',
        color: 'red',
        autoClose: 5000,
      });
    },
  });
}
