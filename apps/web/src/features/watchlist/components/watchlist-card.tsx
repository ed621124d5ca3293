import { ActionIcon, Button, Checkbox, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { WatchlistEntry } from '@releasebell/contract';
import { itemPath, listedCreator, type MediaType, WATCH_TEXTS } from '@releasebell/contract/constants';
import { IconBook, IconDeviceTv, IconDots, IconMovie, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import type { QuickView } from '../../../components/media-quick-view';
import { ProviderLogo } from '../../../components/provider-logo';
import { formatReleaseDate } from '../../../lib/dates';
import type { RemovalPhase } from '../../../lib/pending-removals';
import classes from './watchlist-page.module.css';

const TYPE_ICON: Record<MediaType, typeof IconBook> = {
  books: IconBook,
  movies: IconMovie,
  tv_seasons: IconDeviceTv,
};
const TYPE_NAME: Record<MediaType, string> = { books: 'Book', movies: 'Movie', tv_seasons: 'TV Show' };
/** The tooltip of a card's service logo. */
const onService = WATCH_TEXTS.onService;

export interface WatchlistCardProps {
  entry: WatchlistEntry;
  removal?: RemovalPhase;
  onRemove: (entry: WatchlistEntry) => void;
  /** View More: opens the title's quick view (not in share mode). */
  onViewMore: QuickView['open'];
  /** Share mode: the card carries a checkbox instead of the remove action. */
  share?: { selected: boolean; disabled: boolean; onToggle: (entry: WatchlistEntry) => void };
}

export function WatchlistCard({ entry, removal, onRemove, onViewMore, share }: WatchlistCardProps) {
  const Icon = TYPE_ICON[entry.media_type];
  const path = itemPath(entry);
  const removeLabel = `Remove ${entry.title} from Watchlist`;
  // The first of the member's services it streams on (the API lists them in the member's order).
  const service = entry.on_my_services[0];
  return (
    <li
      className={[classes.card, removal ? classes.fading : '', share?.selected ? classes.selected : '']
        .filter(Boolean)
        .join(' ')}
      // On its way out: out of reach of the keyboard and of screen readers at once.
      aria-hidden={removal ? true : undefined}
      inert={removal ? true : undefined}
    >
      <div className={classes.posterWrap}>
        <MediaImage item={entry} width={150} height={225} className={classes.poster} />
        <span className={classes.typeIcon} title={TYPE_NAME[entry.media_type]}>
          <Icon size={16} aria-hidden />
          <VisuallyHidden>{TYPE_NAME[entry.media_type]}</VisuallyHidden>
        </span>
        {service && (
          <ProviderLogo
            provider={service}
            size={24}
            alt={service.name}
            title={onService(service.name)}
            className={classes.service}
          />
        )}
      </div>
      <div className={classes.body}>
        {share ? (
          <Checkbox
            className={classes.check}
            classNames={{ inner: classes.checkInner }}
            checked={share.selected}
            disabled={share.disabled}
            onChange={() => share.onToggle(entry)}
            label={<span className={classes.cardTitle}>{entry.title}</span>}
            aria-describedby={share.disabled ? 'share-cap-note' : undefined}
          />
        ) : (
          <Link to={path} className={classes.cardTitle}>
            {entry.title}
          </Link>
        )}
        <Text size="sm" c="dimmed" lineClamp={1}>
          {listedCreator(entry)}
        </Text>
        {entry.series && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.series}
          </Text>
        )}
        <Text size="sm">{formatReleaseDate(entry.release_date, entry.release_date_precision)}</Text>
        {entry.followed_via && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            via {entry.followed_via.name}
          </Text>
        )}
        {!share && (
          <Button
            variant="subtle"
            size="compact-xs"
            className={classes.viewMore}
            onClick={(e) => onViewMore(entry, e)}
          >
            View More <VisuallyHidden>about {entry.title}</VisuallyHidden>
          </Button>
        )}
      </div>
      {!share && (
        <div className={classes.remove}>
          <Tooltip label="Remove from Watchlist" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={removeLabel}
              className={classes.removeLarge}
              onClick={() => onRemove(entry)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for ${entry.title}`}
                className={classes.removeSmall}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onRemove(entry)}
              >
                Remove from Watchlist
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      )}
    </li>
  );
}
