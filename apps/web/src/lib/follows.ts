import type { CreateFollowBody, Follow, FollowsAnswer } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { translateNow } from './i18n';
import { useSession, useSignedInNow } from './session';
import { showToast } from './toast';

const MESSAGES = {
  followed: /*i18n*/ { id: 'lib.follows.followed', message: 'Following {name}' },
  followedAdded: /*i18n*/ {
    id: 'lib.follows.followedAdded',
    message:
      "{count, plural, one {# title still to come is on your watchlist. We'll tell you when another is announced.} other {# titles still to come are on your watchlist. We'll tell you when another is announced.}}",
  },
  followedNone: /*i18n*/ {
    id: 'lib.follows.followedNone',
    message: "Nothing is announced yet. We'll put the next title on your watchlist and tell you.",
  },
  followFailed: /*i18n*/ { id: 'lib.follows.followFailed', message: 'Could not follow' },
  unfollowed: /*i18n*/ { id: 'lib.follows.unfollowed', message: 'Unfollowed {name}' },
  unfollowedKept: /*i18n*/ {
    id: 'lib.follows.unfollowedKept',
    message: 'The titles it added stay on your watchlist.',
  },
  unfollowFailed: /*i18n*/ { id: 'lib.follows.unfollowFailed', message: 'Could not unfollow' },
  tryAgain: /*i18n*/ { id: 'lib.follows.tryAgain', message: 'Something went wrong. Please try again.' },
};

/** The member's follows; the first part is what sign-out clears (see lib/session). */
export const followsKey = (uid: string) => ['follows', uid] as const;

const getFollows = (signal?: AbortSignal) => api.get<FollowsAnswer>(pathTo(ROUTES.listFollows), signal);

/** The signed-in member's follows (nothing is fetched for a visitor). */
export function useFollows() {
  const { currentUser } = useSession();
  const signedInNow = useSignedInNow();
  const uid = currentUser?.id ?? '';
  return useQuery({
    queryKey: followsKey(uid),
    queryFn: ({ signal }) => getFollows(signal),
    enabled: uid !== '' && signedInNow?.id === uid,
    staleTime: 60_000,
  });
}

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
        title: translateNow(MESSAGES.followed, { name: follow.name }),
        message:
          follow.added > 0
            ? translateNow(MESSAGES.followedAdded, { count: follow.added })
            : translateNow(MESSAGES.followedNone),
        color: 'teal',
        autoClose: 4000,
      });
    },
    onError: (error) => {
      console.warn(new Error('Failed to follow', { cause: error }));
      void showToast({
        title: translateNow(MESSAGES.followFailed),
        message: translateNow(MESSAGES.tryAgain),
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
        title: translateNow(MESSAGES.unfollowed, { name: follow.name }),
        message: translateNow(MESSAGES.unfollowedKept),
        color: 'gray',
        autoClose: 3000,
      });
    },
    onError: (error) => {
      console.warn(new Error('Failed to unfollow', { cause: error }));
      void showToast({
        title: translateNow(MESSAGES.unfollowFailed),
        message: translateNow(MESSAGES.tryAgain),
        color: 'red',
        autoClose: 5000,
      });
    },
  });
}
