import { Button, Group, Modal, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WatchlistEntry } from '@releasebell/contract';
import {
  formatDateIn,
  PRODUCT_NAME,
  SHARE_DARK_BACKGROUND,
  SHARE_DEFAULT_TITLE,
  SHARE_FILE_NAME,
  SHARE_LIGHT_BACKGROUND,
  SHARE_POSTER_HEIGHT,
  SHARE_POSTER_WIDTH,
  SHARE_TITLE_MAX,
  TAGLINE,
} from '@releasebell/contract/constants';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePublicConfig } from '../../../lib/config';
import { useLanguage, useT } from '../../../lib/i18n';
import { placeholderImage } from '../../../lib/media';
import { shareImageSource } from '../share-image';
import classes from './share-modal.module.css';

const MESSAGES = {
  warningTitle: /*i18n*/ { id: 'watchlist.shareModal.warningTitle', message: 'Warning' },
  imagesMayFail: /*i18n*/ {
    id: 'watchlist.shareModal.imagesMayFail',
    message: 'Some images may not load properly. You can still try generating the preview.',
  },
  savedTitle: /*i18n*/ { id: 'watchlist.shareModal.savedTitle', message: 'Image saved!' },
  savedMessage: /*i18n*/ { id: 'watchlist.shareModal.savedMessage', message: 'Share it anywhere you like' },
  failedTitle: /*i18n*/ { id: 'watchlist.shareModal.failedTitle', message: 'Error generating image' },
  failedMessage: /*i18n*/ {
    id: 'watchlist.shareModal.failedMessage',
    message: 'Please try again. If the issue persists, try with fewer items.',
  },
  title: /*i18n*/ { id: 'watchlist.shareModal.title', message: 'Share Your Watchlist' },
  darkBackground: /*i18n*/ { id: 'watchlist.shareModal.darkBackground', message: 'Dark background' },
  editTitle: /*i18n*/ { id: 'watchlist.shareModal.editTitle', message: 'Edit title: {title}' },
  imageTitle: /*i18n*/ { id: 'watchlist.shareModal.imageTitle', message: 'Image title' },
  save: /*i18n*/ { id: 'watchlist.shareModal.save', message: 'Save' },
  cancel: /*i18n*/ { id: 'watchlist.shareModal.cancel', message: 'Cancel' },
  dateTba: /*i18n*/ { id: 'watchlist.shareModal.dateTba', message: 'Release date TBA' },
  close: /*i18n*/ { id: 'watchlist.shareModal.close', message: 'Close' },
  generateImage: /*i18n*/ { id: 'watchlist.shareModal.generateImage', message: 'Generate Image' },
};

/** The width of the rendered image: three 300 px posters, their gaps and the margins. */
const CANVAS_WIDTH = 3 * SHARE_POSTER_WIDTH + 2 * 24 + 2 * 40;

/** Loads an image; resolves whether it could be loaded. */
function preload(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image(SHARE_POSTER_WIDTH, SHARE_POSTER_HEIGHT);
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}

export interface ShareModalProps {
  entries: WatchlistEntry[];
  onClose: () => void;
}

/** "Share Your Watchlist": a preview of the image, its title and theme, and the PNG download. */
export function ShareModal({ entries, onClose }: ShareModalProps) {
  const t = useT();
  const { language } = useLanguage();
  const [dark, setDark] = useState(true);
  // The member's own title, as they wrote it; until then the default, in the page's language.
  const [ownTitle, setOwnTitle] = useState<string | null>(null);
  const title = ownTitle ?? t(SHARE_DEFAULT_TITLE);
  const [draft, setDraft] = useState<string | null>(null);
  const [sources, setSources] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [canvas, setCanvas] = useState<HTMLDivElement | null>(null);
  const [fit, setFit] = useState({ scale: 1, height: 0 });
  const { imageProxies } = usePublicConfig();

  // The preview is the real image, scaled down to fit the modal.
  useEffect(() => {
    if (!frame || !canvas) return;
    const measure = () => {
      const scale = Math.min(1, frame.clientWidth / CANVAS_WIDTH) || 1;
      setFit({ scale, height: canvas.offsetHeight * scale });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [frame, canvas]);

  const srcOf = (entry: WatchlistEntry) => sources[entry.item_id] ?? shareImageSource(entry, imageProxies);

  const generate = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const results = await Promise.all(
        entries.map(async (entry) => {
          const wanted = shareImageSource(entry, imageProxies);
          const ok = await preload(wanted);
          return [entry.item_id, ok ? wanted : placeholderImage(entry.media_type), ok] as const;
        }),
      );
      if (results.some(([, , ok]) => !ok)) {
        notifications.show({
          title: t(MESSAGES.warningTitle),
          message: t(MESSAGES.imagesMayFail),
          color: 'yellow',
          autoClose: 5000,
        });
      }
      setSources(Object.fromEntries(results.map(([id, src]) => [id, src])));
      // Let the preview take the resolved sources before it is drawn.
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const node = canvas;
      if (!node) throw new Error('preview not rendered');
      const { toPng } = await import('html-to-image');
      const dataUrl = await toPng(node, {
        pixelRatio: 1,
        backgroundColor: dark ? SHARE_DARK_BACKGROUND : SHARE_LIGHT_BACKGROUND,
        cacheBust: false,
      });
      const link = document.createElement('a');
      link.download = SHARE_FILE_NAME;
      link.href = dataUrl;
      link.click();
      notifications.show({
        title: t(MESSAGES.savedTitle),
        message: t(MESSAGES.savedMessage),
        color: 'teal',
        autoClose: 3000,
      });
    } catch (error) {
      console.warn('Share image failed', error);
      notifications.show({
        title: t(MESSAGES.failedTitle),
        message: t(MESSAGES.failedMessage),
        color: 'red',
        autoClose: 5000,
      });
    } finally {
      setBusy(false);
    }
  };

  const background = dark ? SHARE_DARK_BACKGROUND : SHARE_LIGHT_BACKGROUND;

  return (
    <Modal opened onClose={onClose} title={t(MESSAGES.title)} size="xl" centered>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Switch
            label={t(MESSAGES.darkBackground)}
            checked={dark}
            onChange={(e) => setDark(e.currentTarget.checked)}
          />
          {draft === null ? (
            <UnstyledButton
              className={classes.titleButton}
              onClick={() => setDraft(title)}
              aria-label={t(MESSAGES.editTitle, { title })}
            >
              <Text fw={600}>{title}</Text>
              <IconPencil size={16} aria-hidden />
            </UnstyledButton>
          ) : (
            <form
              className={classes.titleForm}
              onSubmit={(e) => {
                e.preventDefault();
                setOwnTitle(draft.trim() || null);
                setDraft(null);
              }}
            >
              <TextInput
                label={t(MESSAGES.imageTitle)}
                value={draft}
                maxLength={SHARE_TITLE_MAX}
                onChange={(e) => setDraft(e.currentTarget.value.slice(0, SHARE_TITLE_MAX))}
                description={`${draft.length}/${SHARE_TITLE_MAX}`}
                data-autofocus
              />
              <Group gap="xs">
                <Button type="submit" size="xs">
                  {t(MESSAGES.save)}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setOwnTitle(null);
                    setDraft(null);
                  }}
                >
                  {t(MESSAGES.cancel)}
                </Button>
              </Group>
            </form>
          )}
        </Group>

        <div ref={setFrame} className={classes.frame} style={fit.height ? { height: fit.height } : undefined}>
          <div className={classes.scaler} style={{ transform: `scale(${fit.scale})`, width: CANVAS_WIDTH }}>
            <div
              ref={setCanvas}
              data-testid="share-canvas"
              className={classes.canvas}
              data-theme={dark ? 'dark' : 'light'}
              style={{ background, width: CANVAS_WIDTH }}
            >
              <h2 className={classes.canvasTitle}>{title}</h2>
              <ul className={classes.canvasGrid}>
                {entries.map((entry) => (
                  <li key={entry.item_id} className={classes.canvasItem}>
                    <img
                      src={srcOf(entry)}
                      alt={entry.title}
                      width={SHARE_POSTER_WIDTH}
                      height={SHARE_POSTER_HEIGHT}
                      className={classes.canvasPoster}
                      onError={(e) => {
                        const fallback = placeholderImage(entry.media_type);
                        if (!e.currentTarget.src.endsWith(fallback)) e.currentTarget.src = fallback;
                      }}
                    />
                    <p className={classes.canvasItemTitle}>{entry.title}</p>
                    <p className={classes.canvasDate}>
                      {formatDateIn(language, entry.release_date, entry.release_date_precision) ??
                        t(MESSAGES.dateTba)}
                    </p>
                  </li>
                ))}
              </ul>
              <p className={classes.canvasFooter}>
                {PRODUCT_NAME} · {t(TAGLINE)}
              </p>
            </div>
          </div>
        </div>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(MESSAGES.close)}
          </Button>
          <Button onClick={() => void generate()} loading={busy}>
            {t(MESSAGES.generateImage)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
