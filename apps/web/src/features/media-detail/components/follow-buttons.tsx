import { Button, VisuallyHidden } from '@mantine/core';
import type { FollowOption } from '@releasebell/contract';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFollow, useFollows } from '../../../lib/follows';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

const MESSAGES = {
  following: /*i18n*/ { id: 'media.followButtons.following', message: 'Following' },
  follow: /*i18n*/ { id: 'media.followButtons.follow', message: 'Follow {name}' },
};

/** The ref a visitor chose to follow before signing in (also across Google's round trip). */
const PENDING_FOLLOW_KEY = 'releasebell.pendingFollow';

function remember(ref: string | null) {
  try {
    if (ref) sessionStorage.setItem(PENDING_FOLLOW_KEY, ref);
    else sessionStorage.removeItem(PENDING_FOLLOW_KEY);
  } catch {
    // Storage off: the follow is simply not made after signing in.
  }
}

function takePending(): string | null {
  try {
    const ref = sessionStorage.getItem(PENDING_FOLLOW_KEY);
    sessionStorage.removeItem(PENDING_FOLLOW_KEY);
    return ref;
  } catch {
    return null;
  }
}

/**
 * "Follow {name}" for each thing a title lets you follow (its series, creators, directors, authors),
 * "Following" once the member does. A visitor's click opens sign-in and follows once they are in.
 */
export function FollowButtons({ options }: { options: FollowOption[] }) {
  const t = useT();
  const { currentUser, isLoading, isModalOpen, openModal } = useSession();
  const follows = useFollows();
  const follow = useFollow();
  const followed = new Set(follows.data?.follows.map((f) => f.ref));

  // A click before the session is known waits for it: a member follows, a visitor signs in first.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (isLoading) return;
    if (!currentUser) {
      if (waiting) openModal();
      setWaiting(false);
      return;
    }
    setWaiting(false);
    const ref = takePending();
    if (ref && options.some((o) => o.ref === ref)) follow.mutate({ ref });
  }, [currentUser, isLoading, options, follow.mutate, waiting, openModal]);
  // Closed without signing in: nothing stays waiting for a later sign-in.
  useEffect(() => {
    if (!isModalOpen && !isLoading && !currentUser && !waiting) remember(null);
  }, [isModalOpen, isLoading, currentUser, waiting]);

  if (options.length === 0) return null;
  return options.map((option) =>
    followed.has(option.ref) ? (
      <Button
        key={option.ref}
        size="md"
        variant="light"
        color="gray"
        disabled
        leftSection={<IconCheck size={18} aria-hidden />}
      >
        {t(MESSAGES.following)} <VisuallyHidden>{option.name}</VisuallyHidden>
      </Button>
    ) : (
      <Button
        key={option.ref}
        size="md"
        variant="default"
        leftSection={<IconUserPlus size={18} aria-hidden />}
        loading={follow.isPending && follow.variables?.ref === option.ref}
        onClick={() => {
          if (currentUser) {
            follow.mutate({ ref: option.ref });
            return;
          }
          remember(option.ref);
          if (isLoading) setWaiting(true);
          else openModal();
        }}
      >
        {t(MESSAGES.follow, { name: option.name })}
      </Button>
    ),
  );
}
