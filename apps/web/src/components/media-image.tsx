import type { MediaItem } from '@releasebell/contract';
import { type PosterUse, posterUrl } from '@releasebell/contract/constants';
import { useState } from 'react';
import { placeholderImage } from '../lib/media';
import classes from './media-image.module.css';

export interface MediaImageProps {
  item: Pick<MediaItem, 'image' | 'media_type' | 'title'>;
  width?: number;
  height?: number;
  className?: string;
  /**
   * Images below the fold load lazily; the first screen's hero asks for eager loading, which also
   * fetches it first (it is the page's largest paint).
   */
  loading?: 'lazy' | 'eager';
  /**
   * Which poster file to ask for (contract `posterUrl`): `card` (TMDB w342) for cards and the smaller
   * thumbnails, `detail` (w500) for the large posters of the item page and the home hero.
   */
  size?: PosterUse;
}

/** A 2:3 poster or cover, with the media type's placeholder when there is none or it fails to load. */
export function MediaImage({
  item,
  width = 300,
  height = 450,
  className,
  loading = 'lazy',
  size = 'card',
}: MediaImageProps) {
  const placeholder = placeholderImage(item.media_type);
  const wanted = posterUrl(item.image, size);
  // Remember which source failed, so a new item (a new source) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = wanted && wanted !== failedSrc ? wanted : placeholder;
  return (
    <img
      src={src}
      alt={item.title}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      decoding="async"
      className={[classes.image, className].filter(Boolean).join(' ')}
      onError={() => {
        if (src !== placeholder) setFailedSrc(src);
      }}
    />
  );
}
