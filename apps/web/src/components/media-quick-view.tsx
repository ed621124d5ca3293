import { Button, Loader, Modal } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { itemPath } from '@releasebell/contract/constants';
import { IconArrowRight, IconCalendar } from '@tabler/icons-react';
import { type MouseEvent, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatLongDateOrNA } from '../lib/dates';
import { useLanguage, useT } from '../lib/i18n';
import { isNotFound, useMediaBySlug } from '../lib/media-by-slug';
import { useSession } from '../lib/session';
import {
  CreatorTag,
  Description,
  DetailCountdown,
  FactActions,
  FactTag,
  FactTags,
  HypeMeter,
} from './media-facts';
import { MediaImage } from './media-image';
import classes from './media-quick-view.module.css';
import { WatchlistButton } from './watchlist-button';
import { WhereToWatch } from './where-to-watch';

const MESSAGES = {
  close: /*i18n*/ { id: 'components.mediaQuickView.close', message: 'Close' },
  releaseDate: /*i18n*/ { id: 'components.mediaQuickView.releaseDate', message: 'Release date' },
  notFound: /*i18n*/ { id: 'components.mediaQuickView.notFound', message: 'Media not found.' },
  loadFailed: /*i18n*/ {
    id: 'components.mediaQuickView.loadFailed',
    message: 'The details could not be loaded. Please try again.',
  },
  loading: /*i18n*/ { id: 'components.mediaQuickView.loading', message: 'Loading...' },
  openPage: /*i18n*/ { id: 'components.mediaQuickView.openPage', message: 'Open full page' },
};

/** What a card's row already has: enough to title the quick view, show the poster and fetch the rest. */
export type QuickViewItem = Pick<MediaItem, 'item_id' | 'media_type' | 'slug' | 'title' | 'image'>;

export interface QuickView {
  /** The item shown, or last shown (it stays while the modal fades out). */
  item: QuickViewItem | null;
  opened: boolean;
  /** Opens the quick view from a card's View More button (pass the click, so focus returns there). */
  open: (item: QuickViewItem, event?: MouseEvent<HTMLElement>) => void;
  close: () => void;
}

/** The state of a screen's quick view: which item, and whether it is open. */
export function useQuickView(): QuickView {
  const [state, setState] = useState<{ item: QuickViewItem | null; opened: boolean }>({
    item: null,
    opened: false,
  });
  const open = useCallback((item: QuickViewItem, event?: MouseEvent<HTMLElement>) => {
    // The modal gives focus back to what had it when it opened: make sure that is the button, also in
    // browsers that do not focus a clicked button (Safari).
    event?.currentTarget.focus();
    setState({ item, opened: true });
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}

/**
 * An item's detail as a modal (the spec's modal variant of the item page), opened from a card's
 * View More without leaving the screen: the title and poster at once, then creator, countdown, the
 * release date in long US format, the Hype Meter and the description once the item has loaded; the
 * watchlist button, and a link to the item's own page. Escape or the close button return to the card.
 */
export function MediaQuickView({ quickView }: { quickView: QuickView }) {
  const { item, opened, close } = quickView;
  // A visitor's Notify Me opens the sign-in modal over this one: Escape is that modal's then.
  const { isModalOpen: signingIn } = useSession();
  const t = useT();
  // A boundary of its own: a page drawn by the server sets up the closed modal's portal and hooks in
  // a pass after its own, not in the same long task.
  return (
    <Suspense>
      <Modal
        // Always mounted (empty while closed), so it sees the button that opened it and returns focus there.
        opened={opened && item !== null}
        onClose={close}
        title={item?.title}
        size="lg"
        // Phones: a narrow margin, so the countdown and the facts fit beside the poster.
        xOffset={12}
        closeOnEscape={!signingIn}
        closeButtonProps={{ 'aria-label': t(MESSAGES.close) }}
        classNames={{ title: classes.modalTitle, header: classes.modalHeader }}
      >
        {item && <QuickViewBody key={`${item.media_type}/${item.slug}`} item={item} />}
      </Modal>
    </Suspense>
  );
}

function QuickViewBody({ item }: { item: QuickViewItem }) {
  const { data, error } = useMediaBySlug(item.media_type, item.slug);
  const t = useT();
  const { language } = useLanguage();
  /** The quick view writes days in the long format, as its release date ("March 14, 2027" in US English). */
  const longDay = (day: string) => formatLongDateOrNA(day, 'day', language);

  useEffect(() => {
    // A missing item is an expected answer; anything else is worth a note for whoever debugs.
    if (error && !isNotFound(error)) console.warn('Failed to fetch media', error);
  }, [error]);

  return (
    <div className={classes.quickView}>
      <div className={classes.poster}>
        <MediaImage item={item} width={200} height={300} loading="eager" />
      </div>

      <div className={classes.head}>
        {data ? (
          <>
            <DetailCountdown item={data} />
            <FactTags>
              <CreatorTag item={data} />
              <FactTag icon={IconCalendar} label={t(MESSAGES.releaseDate)}>
                {formatLongDateOrNA(data.release_date, data.release_date_precision, language)}
              </FactTag>
            </FactTags>
          </>
        ) : error ? (
          <p className={classes.state}>{isNotFound(error) ? t(MESSAGES.notFound) : t(MESSAGES.loadFailed)}</p>
        ) : (
          <p role="status" className={classes.state}>
            <Loader size="sm" aria-hidden />
            <span>{t(MESSAGES.loading)}</span>
          </p>
        )}
      </div>

      <div className={classes.body}>
        {data && (
          <>
            <HypeMeter value={data.hype_meter_percentage} />
            <WhereToWatch item={data} compact formatDate={longDay} />
            <Description text={data.description} />
          </>
        )}
        <FactActions>
          <WatchlistButton item={item} />
          <Button
            component={Link}
            to={itemPath(item)}
            variant="default"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {t(MESSAGES.openPage)}
          </Button>
        </FactActions>
      </div>
    </div>
  );
}
