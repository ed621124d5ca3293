import type { SuggestedFollow, Translate } from '@releasebell/contract';
import type { KeptSuggestion } from '../../db/schema';

// Why a row is left out, and why a follow is suggested, are kept as codes and worded when the preview
// is read, in the reader's language: an import outlives a change of language.

/** Why a row is left out, as kept with it: a code, then its values after colons. */
export type ReasonCode = string & { readonly reasonCode: unique symbol };

const code = (name: string, ...values: (string | number)[]) => [name, ...values].join(':') as ReasonCode;

export const REASONS = {
  /** The catalog has nothing for the row (the providers are asked next). */
  notFound: code('not_found'),
  /** The title (or every season of a series) is out already. */
  alreadyOut: code('already_out'),
  notATitle: code('not_a_title'),
  noTitle: code('no_title'),
  openQuote: code('open_quote'),
  cells: (used: number, width: number) => code('cells', used, width),
  /** A book on a shelf the member is not waiting on (read, currently reading, a shelf of their own). */
  shelf: (shelf: string) => code('shelf', shelf),
  /** A title on a Simkl list the member is not waiting on (completed, on hold, dropped). */
  simklStatus: (status: string) => code('simkl_status', status),
};

const TEXTS = {
  not_found: /*i18n*/ { id: 'imports.reason.notFound', message: 'not found' },
  already_out: /*i18n*/ { id: 'imports.reason.alreadyOut', message: 'already out' },
  not_a_title: /*i18n*/ { id: 'imports.reason.notATitle', message: 'not a movie, series or book' },
  no_title: /*i18n*/ { id: 'imports.reason.noTitle', message: 'This row has no title.' },
  open_quote: /*i18n*/ {
    id: 'imports.reason.openQuote',
    message: 'A quote in this row is not closed where it should be, so the row cannot be read.',
  },
  cells: /*i18n*/ {
    id: 'imports.reason.cells',
    message: 'This row has {used} cells where the header has {width}, so its columns cannot be trusted.',
  },
  shelf: /*i18n*/ { id: 'imports.reason.shelf', message: 'on your {shelf} shelf' },
  simklCompleted: /*i18n*/ { id: 'imports.reason.simklCompleted', message: 'marked completed on Simkl' },
  simklHold: /*i18n*/ { id: 'imports.reason.simklHold', message: 'on hold on Simkl' },
  simklDropped: /*i18n*/ { id: 'imports.reason.simklDropped', message: 'dropped on Simkl' },
  simklOther: /*i18n*/ { id: 'imports.reason.simklOther', message: 'marked “{status}” on Simkl' },
};

const SIMKL_STATUSES: Record<string, (typeof TEXTS)[keyof typeof TEXTS]> = {
  completed: TEXTS.simklCompleted,
  hold: TEXTS.simklHold,
  dropped: TEXTS.simklDropped,
};

/** A kept reason in the reader's words; one kept before reasons were codes is shown as it was written. */
export function reasonText(t: Translate, kept: string): string {
  const [name = '', ...values] = kept.split(':');
  switch (name) {
    case 'not_found':
    case 'already_out':
    case 'not_a_title':
    case 'no_title':
    case 'open_quote':
      return t(TEXTS[name]);
    case 'cells':
      return t(TEXTS.cells, { used: Number(values[0]), width: Number(values[1]) });
    case 'shelf':
      // The shelf's own name (Goodreads writes them with hyphens), which may itself hold a colon.
      return t(TEXTS.shelf, { shelf: values.join(':').replace(/-/g, ' ') });
    case 'simkl_status': {
      const status = values.join(':');
      return SIMKL_STATUSES[status] ? t(SIMKL_STATUSES[status]) : t(TEXTS.simklOther, { status });
    }
    default:
      return kept;
  }
}

const BECAUSE = {
  author: /*i18n*/ {
    id: 'imports.because.author',
    message: 'You have read {count, plural, one {# of their books} other {# of their books}}',
  },
  films: /*i18n*/ {
    id: 'imports.because.films',
    message:
      '{count, plural, one {# of their films is on your list} other {# of their films are on your list}}',
  },
  export: /*i18n*/ { id: 'imports.because.export', message: 'Followed in your Releasebell export' },
};

/**
 * A kept suggestion as the preview shows it, in the reader's words. A Releasebell export's own follows
 * are ticked to begin with: the member chose them already.
 */
export function suggestionText(t: Translate, kept: KeptSuggestion): SuggestedFollow {
  const { ref, name, kind, count, because, fromExport } = kept;
  const worded = fromExport
    ? t(BECAUSE.export)
    : count === undefined
      ? (because ?? '')
      : t(kind === 'author' ? BECAUSE.author : BECAUSE.films, { count });
  return { ref, name, kind, because: worded, checked: fromExport === true };
}
