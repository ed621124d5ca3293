import { Button, type ButtonProps } from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useT } from '../lib/i18n';
import { type CurrentUser, type PendingItem, useSession } from '../lib/session';
import { useAddToWatchlist, useIsInWatchlist } from '../lib/watchlist';

const MESSAGES = {
  listed: /*i18n*/ { id: 'components.watchlistButton.listed', message: 'In Watchlist' },
  notify: /*i18n*/ { id: 'components.watchlistButton.notify', message: 'Notify Me' },
};

export interface WatchlistButtonProps {
  item: PendingItem;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  className?: string;
}

/**
 * "Notify Me", or "In Watchlist" (disabled, grey) once the member tracks the item. A visitor's click
 * opens the sign-in modal with the item waiting; it is added once they are signed in. A click made
 * before the session is known (just after the page is shown) waits for it.
 */
export function WatchlistButton({ item, size = 'sm', fullWidth, className }: WatchlistButtonProps) {
  const { currentUser, isLoading, whenSessionKnown, openModal } = useSession();
  const listed = useIsInWatchlist(item.item_id);
  const { add, pendingItemId } = useAddToWatchlist();
  const t = useT();
  const iconSize = size === 'xs' || size === 'compact-sm' || size === 'compact-xs' ? 14 : 18;

  if (listed) {
    return (
      <Button
        size={size}
        fullWidth={fullWidth}
        disabled
        color="gray"
        leftSection={<IconCheck size={iconSize} aria-hidden />}
        className={className}
        onClick={(e: MouseEvent) => e.stopPropagation()}
      >
        {t(MESSAGES.listed)}
      </Button>
    );
  }

  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      leftSection={<IconBell size={iconSize} aria-hidden />}
      className={className}
      loading={pendingItemId === item.item_id}
      onClick={(e: MouseEvent) => {
        // The button sits inside clickable cards: it must not open the item too.
        e.stopPropagation();
        const act = (user: CurrentUser | null) => {
          if (!user) openModal(item);
          else void add(user.id, item);
        };
        // A click before the session is known waits for it: a member's adds, a visitor's opens sign-in.
        if (isLoading) void whenSessionKnown().then(act);
        else act(currentUser);
      }}
    >
      {t(MESSAGES.notify)}
    </Button>
  );
}
