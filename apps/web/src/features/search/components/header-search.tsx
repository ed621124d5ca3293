import { ActionIcon, Combobox, Select, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SearchItem } from '@releasebell/contract';
import {
  MEDIA_TYPE_ORDER,
  MEDIA_TYPE_SINGULAR,
  SEARCH_TYPE_LABELS,
  type SearchType,
} from '@releasebell/contract/constants';
import { IconArrowRight, IconSearch, IconX } from '@tabler/icons-react';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logMissingSlug, mediaPath } from '../../../components/media-card';
import { MediaImage } from '../../../components/media-image';
import { releaseYear } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import {
  parseSearchType,
  SEARCH_DEBOUNCE_MS,
  SEARCH_QUERY_MAX,
  searchPagePath,
  useSearch,
} from '../api/search';
import classes from './header-search.module.css';

/** The spec's cap on results in the dropdown; the rest are one "View More" away. */
const MAX_DROPDOWN_RESULTS = 4;

const VIEW_MORE = '__view-more__';

const MESSAGES = {
  placeholder: /*i18n*/ { id: 'search.headerSearch.placeholder', message: 'Search books, movies, TV shows' },
  search: /*i18n*/ { id: 'search.headerSearch.search', message: 'Search' },
  mediaType: /*i18n*/ { id: 'search.headerSearch.mediaType', message: 'Media type' },
  loading: /*i18n*/ { id: 'search.headerSearch.loading', message: 'Loading...' },
  noResults: /*i18n*/ { id: 'search.headerSearch.noResults', message: 'No results found.' },
  results: /*i18n*/ { id: 'search.headerSearch.results', message: 'Search results' },
  viewMore: /*i18n*/ { id: 'search.headerSearch.viewMore', message: 'View More' },
  close: /*i18n*/ { id: 'search.headerSearch.close', message: 'Close search' },
  tba: /*i18n*/ { id: 'search.headerSearch.tba', message: 'TBA' },
};

/** The header select's order, as the spec lists it. */
const TYPE_OPTIONS = ['all', ...MEDIA_TYPE_ORDER.lists] as const;

function yearLabel(item: SearchItem, tba: string): string {
  return String(releaseYear(item.release_date) ?? tba);
}

/** On the search page the field shows what is being searched for. */
function searchedFor(location: { pathname: string; search: string }) {
  const params = new URLSearchParams(location.search);
  const onSearchPage = location.pathname === '/search';
  return {
    query: onSearchPage ? (params.get('query') ?? '') : '',
    type: onSearchPage ? parseSearchType(params.get('type')) : ('all' as const),
  };
}

/** The phone's search button is drawn (from tablet width up the field is always there). */
const toggleShown = (toggle: HTMLElement | null) =>
  toggle !== null && getComputedStyle(toggle).display !== 'none';

/**
 * The header's search: a text field with a media-type select (from tablet width up) and a dropdown of
 * the first four matches. On phones it folds into a search button that opens the field over the header.
 *
 * The server draws it, and it works before the app has taken the page over: the phone's button is the
 * field's label (a tap focuses the field, and a focused field unfolds by CSS alone), and what is typed
 * meanwhile is kept when the app takes over.
 */
export function HeaderSearch() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState(() => searchedFor(location).query);
  const [type, setType] = useState<SearchType>(() => searchedFor(location).type);
  const [expanded, setExpanded] = useState(false);
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLLabelElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // Typed into, or opened, before the app took the page over: carry on from there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes over the field.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const focused = document.activeElement === input;
    if (focused && toggleShown(toggleRef.current)) setExpanded(true);
    if (input.value !== query) {
      setQuery(input.value);
      if (focused && input.value.trim()) combobox.openDropdown();
    }
  }, []);

  const search = useSearch(debounced, type);
  useEffect(() => {
    if (search.error) console.warn('Search failed', search.error);
  }, [search.error]);

  // Opening the search page (or another search from it) shows what is being searched for.
  const shownSearch = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const at = `${location.pathname}${location.search}`;
    if (location.pathname !== '/search' || shownSearch.current === at) return;
    shownSearch.current = at;
    const searched = searchedFor(location);
    setQuery(searched.query);
    setType(searched.type);
  }, [location]);

  const text = query.trim();
  const settled = debounced.trim() === text;
  const found = search.isError ? [] : (search.data ?? []);
  const loading =
    text !== '' && (!settled || search.isPending || (found.length === 0 && search.lookingFurther));
  // A failed search clears the results.
  const results = loading ? [] : found;
  const shown = results.slice(0, MAX_DROPDOWN_RESULTS);

  // A highlighted option belongs to the list it was chosen in: a new list starts with none.
  const listKey = loading ? '' : shown.map((item) => item._id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown list changes.
  useEffect(() => {
    combobox.resetSelectedOption();
  }, [listKey]);

  /** Folds the phone's field away; it unfolds whenever it has focus, so it gives the focus up. */
  const collapse = () => {
    combobox.closeDropdown();
    setExpanded(false);
    const focused = document.activeElement;
    if (expanded && focused instanceof HTMLElement && barRef.current?.contains(focused)) focused.blur();
  };

  const goToSearchPage = () => {
    if (!text) return;
    collapse();
    navigate(searchPagePath(text, type));
  };

  const submitOption = (value: string) => {
    if (value === VIEW_MORE) {
      goToSearchPage();
      return;
    }
    const item = shown.find((candidate) => candidate._id === value);
    if (!item) return;
    const path = mediaPath(item);
    if (!path) {
      logMissingSlug(item);
      return;
    }
    collapse();
    navigate(path);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    goToSearchPage();
  };

  const openIfQuery = () => {
    if (text) combobox.openDropdown();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    // Enter on a highlighted option opens it (Combobox does that); otherwise it searches.
    if (event.key === 'Enter' && !(combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1)) {
      event.preventDefault();
      goToSearchPage();
    }
    // The first Escape closes the dropdown (Combobox does that); the next folds the phone's field away.
    if (event.key === 'Escape' && !combobox.dropdownOpened && expanded) collapse();
  };

  return (
    <div className={classes.root} data-expanded={expanded || undefined}>
      {/* The field's label, so that a tap focuses it even before the app has taken the page over. Hidden
          from assistive technology: the field itself is in the tab order and unfolds when focused. */}
      <ActionIcon
        ref={toggleRef}
        component="label"
        htmlFor={inputId}
        aria-hidden
        title={t(MESSAGES.search)}
        className={classes.toggle}
        variant="subtle"
        color="gray"
        size="lg"
      >
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      <div ref={barRef} className={classes.bar}>
        <Combobox
          store={combobox}
          onOptionSubmit={submitOption}
          position="bottom-start"
          offset={6}
          shadow="xl"
          radius="md"
          withinPortal={false}
          // The header is sticky, so the field is never scrolled away (and jsdom measures nothing).
          hideDetached={false}
          // Drawn only when open: a closed dropdown kept in the page is positioned as the app takes over.
          keepMounted={false}
        >
          <Combobox.DropdownTarget>
            {/* Before the app has taken over (or with no script), Enter opens the search page. */}
            {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and older browsers. */}
            <form role="search" action="/search" className={classes.field} onSubmit={onSubmit}>
              <Combobox.EventsTarget withExpandedAttribute>
                <TextInput
                  ref={inputRef}
                  id={inputId}
                  name="query"
                  value={query}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setQuery(value);
                    combobox.resetSelectedOption();
                    if (value.trim()) combobox.openDropdown();
                    else combobox.closeDropdown();
                  }}
                  onFocus={(event) => {
                    if (!expanded && toggleShown(toggleRef.current)) {
                      setExpanded(true);
                      // Unfolded over a search already made: carry on typing after it.
                      const end = event.currentTarget.value.length;
                      event.currentTarget.setSelectionRange(end, end);
                    }
                    openIfQuery();
                  }}
                  onClick={openIfQuery}
                  onKeyDown={onKeyDown}
                  placeholder={t(MESSAGES.placeholder)}
                  aria-label={t(MESSAGES.placeholder)}
                  enterKeyHint="search"
                  maxLength={SEARCH_QUERY_MAX}
                  variant="unstyled"
                  leftSection={<IconSearch size={18} aria-hidden />}
                  classNames={{ root: classes.inputRoot, input: classes.input, section: classes.inputIcon }}
                />
              </Combobox.EventsTarget>
              <Select
                visibleFrom="sm"
                aria-label={t(MESSAGES.mediaType)}
                name="type"
                data={TYPE_OPTIONS.map((value) => ({ value, label: t(SEARCH_TYPE_LABELS[value]) }))}
                value={type}
                onChange={(value) => setType(parseSearchType(value))}
                allowDeselect={false}
                variant="unstyled"
                comboboxProps={{
                  position: 'bottom-end',
                  offset: 10,
                  width: 160,
                  withinPortal: false,
                  keepMounted: false,
                }}
                classNames={{ root: classes.typeRoot, input: classes.typeInput }}
              />
              {/* With two fields, a form submits on Enter only through a submit button. */}
              <button type="submit" hidden />
            </form>
          </Combobox.DropdownTarget>

          <Combobox.Dropdown className={classes.dropdown}>
            <div role="status" className={classes.status}>
              {loading ? t(MESSAGES.loading) : text && shown.length === 0 ? t(MESSAGES.noResults) : null}
            </div>
            <Combobox.Options aria-label={t(MESSAGES.results)}>
              {shown.map((item) => (
                <Combobox.Option key={item._id} value={item._id} className={classes.option}>
                  <span className={classes.thumb} aria-hidden>
                    <MediaImage item={item} width={40} height={60} />
                  </span>
                  <span className={classes.optionText}>
                    <span className={classes.optionTitle}>{item.title}</span>
                    <span className={classes.optionMeta}>
                      {t(MEDIA_TYPE_SINGULAR[item.media_type])} · {yearLabel(item, t(MESSAGES.tba))}
                    </span>
                  </span>
                </Combobox.Option>
              ))}
              <Combobox.Option value={VIEW_MORE} className={classes.viewMore}>
                {t(MESSAGES.viewMore)}
                <IconArrowRight size={16} aria-hidden />
              </Combobox.Option>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <ActionIcon
          className={classes.close}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t(MESSAGES.close)}
          onClick={() => collapse()}
        >
          <IconX size={22} aria-hidden />
        </ActionIcon>
      </div>
    </div>
  );
}
