import { Button, type ButtonProps } from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { type PendingItem, useSession } from '../lib/session';
import { useAddToWatchlist, useIsInWatchlist } from '../lib/watchlist';

export interface WatchlistButtonProps {
  item: PendingItem;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  className?: string;
}

/**
 * "Notify Me", or "In Watchlist" (disabled, grey) once the member tracks the item. A visitor's click
 * opens the sign-in modal with the item waiting; it is added once they are signed in.
 */
export function WatchlistButton({ item, size = 'sm', fullWidth, className }: WatchlistButtonProps) {
  const { currentUser, openModal } = useSession();
  const listed = useIsInWatchlist(item.item_id);
  const { add, pendingItemId } = useAddToWatchlist();
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
        In Watchlist
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
        if (!currentUser) openModal(item);
        else void add(currentUser.id, item);
      }}
    >
      Notify Me
    </Button>
  );
}
