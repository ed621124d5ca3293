import { Button, type ButtonProps } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { IconBell, IconCheck } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useSession } from '../lib/session';

export interface WatchlistButtonProps {
  item: MediaItem;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /** The item is already on the user's watchlist: shows "In Watchlist", disabled. */
  inWatchlist?: boolean;
  /** What a signed-in user's click does (the accounts work adds the item); visitors always get the sign-in modal. */
  onAdd?: (item: MediaItem) => void;
  className?: string;
}

/** "Notify Me": visitors are asked to sign in (the item waits in the session), members add the item. */
export function WatchlistButton({
  item,
  size = 'sm',
  fullWidth,
  inWatchlist = false,
  onAdd,
  className,
}: WatchlistButtonProps) {
  const { currentUser, openModal } = useSession();
  const iconSize = size === 'xs' || size === 'compact-sm' || size === 'compact-xs' ? 14 : 18;

  if (inWatchlist) {
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
      onClick={(e: MouseEvent) => {
        // The button sits inside clickable cards: it must not open the item too.
        e.stopPropagation();
        if (!currentUser) openModal(item);
        else onAdd?.(item);
      }}
    >
      Notify Me
    </Button>
  );
}
