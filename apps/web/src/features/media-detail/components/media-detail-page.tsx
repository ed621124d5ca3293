import { Button, Container, Loader } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import type { MediaType } from '@releasebell/contract/constants';
import { isMediaType } from '@releasebell/contract/constants';
import { MISSING_PAGE_TITLES } from '@releasebell/contract/pages';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useHydrated } from '../../../lib/hydrated';
import { useT } from '../../../lib/i18n';
import { placeholderImage } from '../../../lib/media';
import { isNotFound, useMediaBySlug } from '../../../lib/media-by-slug';
import { usePageTitle } from '../../../lib/page-title';
import { MediaDetail } from './media-detail';
import classes from './media-detail-page.module.css';

const MESSAGES = {
  notFound: /*i18n*/ { id: 'media.mediaDetailPage.notFound', message: 'Media not found.' },
  backToHome: /*i18n*/ { id: 'media.mediaDetailPage.backToHome', message: 'Back to Home' },
  loading: /*i18n*/ { id: 'media.mediaDetailPage.loading', message: 'Loading...' },
  back: /*i18n*/ { id: 'media.mediaDetailPage.back', message: 'Back' },
  home: /*i18n*/ { id: 'media.mediaDetailPage.home', message: 'Home' },
};

function NotFound() {
  const t = useT();
  usePageTitle(t(MISSING_PAGE_TITLES.media));
  return (
    <div className={classes.state}>
      <h1 className={classes.stateTitle}>{t(MESSAGES.notFound)}</h1>
      <Button component={Link} to="/homepage" variant="default">
        {t(MESSAGES.backToHome)}
      </Button>
    </div>
  );
}

/**
 * Leaves the title as it is: a page opened directly already has the title's name from the server
 * (modules/previews), so setting the product's here would flicker before the item's.
 */
function Loading() {
  const t = useT();
  return (
    <div className={classes.state}>
      <p role="status" className={classes.loading}>
        <Loader size="sm" aria-hidden />
        <span>{t(MESSAGES.loading)}</span>
      </p>
    </div>
  );
}

/** Back to where the visitor came from, or home when the page was opened directly. */
function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  // The server cannot know the visitor's history: the page is drawn with "Home" and hydrated so.
  const hasHistory = useHydrated() && (window.history.state?.idx ?? 0) > 0;
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      className={classes.back}
      onClick={() => (hasHistory ? navigate(-1) : navigate('/homepage'))}
    >
      {hasHistory ? t(MESSAGES.back) : t(MESSAGES.home)}
    </Button>
  );
}

function Loaded({ item }: { item: MediaItem }) {
  usePageTitle(item.title);
  const backdrop = item.image ?? placeholderImage(item.media_type);
  return (
    <>
      <div className={classes.backdrop} style={{ backgroundImage: `url("${backdrop}")` }} aria-hidden />
      <BackButton />
      <MediaDetail item={item} />
    </>
  );
}

function MediaDetailLoader({ mediaType, slug }: { mediaType: MediaType; slug: string }) {
  const { data, error, isPending } = useMediaBySlug(mediaType, slug);

  useEffect(() => {
    // A missing item is an expected answer; anything else is worth a note for whoever debugs.
    if (error && !isNotFound(error)) console.warn('Failed to fetch media', error);
  }, [error]);

  if (isPending) return <Loading />;
  if (!data) return <NotFound />;
  return <Loaded item={data} />;
}

/** /media/{media_type}/{slug}: one item in full. */
export function MediaDetailPage() {
  const { mediaType, slug } = useParams();

  return (
    <div className={classes.page}>
      <Container size="xl" className={classes.content}>
        {isMediaType(mediaType) && slug ? (
          <MediaDetailLoader key={`${mediaType}/${slug}`} mediaType={mediaType} slug={slug} />
        ) : (
          <NotFound />
        )}
      </Container>
    </div>
  );
}
