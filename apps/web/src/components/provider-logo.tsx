import type { WatchProviderRef } from '@releasebell/contract';
import { useState } from 'react';
import classes from './provider-logo.module.css';

export interface ProviderLogoProps {
  provider: WatchProviderRef;
  /** Its side in CSS pixels (the logos are square). */
  size?: number;
  /** '' (the default) where the service's name is written beside it; its name where the logo stands alone. */
  alt?: string;
  title?: string;
  className?: string;
}

/**
 * A streaming service's square logo, through the image proxy; its initial on a tile when it has none
 * or the logo does not load.
 */
export function ProviderLogo({ provider, size = 24, alt = '', title, className }: ProviderLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  const names = [classes.logo, className].filter(Boolean).join(' ');
  if (!provider.logo || provider.logo === failed) {
    return (
      <span
        className={`${names} ${classes.initial}`}
        style={{ ...style, fontSize: Math.round(size * 0.5) }}
        title={title}
        // Drawn by CSS, so it adds nothing to the text around it (the name is usually beside it).
        data-initial={provider.name.trim().charAt(0).toUpperCase()}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      />
    );
  }
  return (
    <img
      src={provider.logo}
      alt={alt}
      title={title}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={names}
      onError={() => setFailed(provider.logo)}
    />
  );
}
