import { MEDIA_TYPE_LABELS, MEDIA_TYPES, type MediaType } from '@releasebell/contract/constants';
import { type KeyboardEvent, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import classes from './home-page.module.css';

const MESSAGES = {
  mediaType: /*i18n*/ { id: 'home.mediaTypeTabs.mediaType', message: 'Media type' },
};

export interface MediaTypeTabsProps {
  value: MediaType;
  onChange: (mediaType: MediaType) => void;
  /** The id of the tab panel the tabs control; each tab's id is `{idPrefix}-{type}`. */
  panelId: string;
  idPrefix: string;
}

export const tabId = (prefix: string, mediaType: MediaType) => `${prefix}-${mediaType}`;

/** TV Shows, Movies, Books as a tablist: arrow keys, Home and End move between tabs and select them. */
export function MediaTypeTabs({ value, onChange, panelId, idPrefix }: MediaTypeTabsProps) {
  const t = useT();
  const refs = useRef(new Map<MediaType, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = MEDIA_TYPES.indexOf(value);
    const last = MEDIA_TYPES.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const type = MEDIA_TYPES[next];
    if (!type) return;
    onChange(type);
    refs.current.get(type)?.focus();
  };

  return (
    <div role="tablist" aria-label={t(MESSAGES.mediaType)} className={classes.tabs} onKeyDown={onKeyDown}>
      {MEDIA_TYPES.map((type) => {
        const selected = type === value;
        return (
          <button
            key={type}
            ref={(el) => {
              if (el) refs.current.set(type, el);
              else refs.current.delete(type);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, type)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={classes.tab}
            onClick={() => onChange(type)}
          >
            {t(MEDIA_TYPE_LABELS[type])}
          </button>
        );
      })}
    </div>
  );
}
