import { ActionIcon, Button, Checkbox, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { WatchlistEntry } from '@releasebell/contract';
import { itemPath, listedCreator, type MediaType, WATCH_TEXTS } from '@releasebell/contract/constants';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { IconBook, IconDeviceTv, IconDots, IconMovie, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import type { QuickView } from '../../../components/media-quick-view';
import { ProviderLogo } from '../../../components/provider-logo';
import { formatReleaseDate } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n';
import type { RemovalPhase } from '../../../lib/pending-removals';
import classes from './watchlist-page.module.css';

const TYPE_ICON: Record<MediaType, typeof IconBook> = {
  books: IconBook,
  movies: IconMovie,
  tv_seasons: IconDeviceTv,
};
const MESSAGES = {
  book: /*i18n*/ { id: 'watchlist.card.book', message: 'Book' },
  movie: /*i18n*/ { id: 'watchlist.card.movie', message: 'Movie' },
  tvShow: /*i18n*/ { id: 'watchlist.card.tvShow', message: 'TV Show' },
  via: /*i18n*/ { id: 'watchlist.card.via', message: 'via {name}' },
  viewMore: /*i18n*/ { id: 'watchlist.card.viewMore', message: 'View More' },
  viewMoreAbout: /*i18n*/ { id: 'watchlist.card.viewMoreAbout', message: 'about {title}' },
  removeTitle: /*i18n*/ { id: 'watchlist.card.removeTitle', message: 'Remove {title} from Watchlist' },
  remove: /*i18n*/ { id: 'watchlist.card.remove', message: 'Remove from Watchlist' },
  actions: /*i18n*/ { id: 'watchlist.card.actions', message: 'Actions for {title}' },
};
const TYPE_NAME: Record<MediaType, MessageDescriptor> = {
  books: MESSAGES.book,
  movies: MESSAGES.movie,
  tv_seasons: MESSAGES.tvShow,
};

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
  const t = useT();
  const { language } = useLanguage();
  const Icon = TYPE_ICON[entry.media_type];
  const path = itemPath(entry);
  const removeLabel = t(MESSAGES.removeTitle, { title: entry.title });
  const typeName = t(TYPE_NAME[entry.media_type]);
  // An unreadable date keeps the US formatter's own words for it.
  const date = formatReleaseDate(entry.release_date, entry.release_date_precision, language);
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
        <span className={classes.typeIcon} title={typeName}>
          <Icon size={16} aria-hidden />
          <VisuallyHidden>{typeName}</VisuallyHidden>
        </span>
        {service && (
          <ProviderLogo
            provider={service}
            size={24}
            alt={service.name}
            title={t(WATCH_TEXTS.onService, { name: service.name })}
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
          {listedCreator(t, entry)}
        </Text>
        {entry.series && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.series}
          </Text>
        )}
        <Text size="sm">{date}</Text>
        {entry.followed_via && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t(MESSAGES.via, { name: entry.followed_via.name })}
          </Text>
        )}
        {!share && (
          <Button
            variant="subtle"
            size="compact-xs"
            className={classes.viewMore}
            onClick={(e) => onViewMore(entry, e)}
          >
            {t(MESSAGES.viewMore)}{' '}
            <VisuallyHidden>{t(MESSAGES.viewMoreAbout, { title: entry.title })}</VisuallyHidden>
          </Button>
        )}
      </div>
      {!share && (
        <div className={classes.remove}>
          <Tooltip label={t(MESSAGES.remove)} withArrow>
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
                aria-label={t(MESSAGES.actions, { title: entry.title })}
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
                {t(MESSAGES.remove)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      )}
    </li>
  );
}
