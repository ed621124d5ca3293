import { Box, Button, Container, Loader, NativeSelect } from '@mantine/core';
import {
  MEDIA_TYPE_ORDER,
  type MediaType,
  SEARCH_TYPE_LABELS,
  type SearchType,
} from '@releasebell/contract/constants';
import { IconMoodSearch, IconPlus } from '@tabler/icons-react';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Message, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { parseSearchType, searchPagePath, useSearch } from '../api/search';
import classes from './search-page.module.css';
import { SearchResult } from './search-result';

const MESSAGES = {
  pageTitle: /*i18n*/ { id: 'search.searchPage.pageTitle', message: '{query} - Search' },
  search: /*i18n*/ { id: 'search.searchPage.search', message: 'Search' },
  resultsFor: /*i18n*/ { id: 'search.searchPage.resultsFor', message: 'Showing results for {query}' },
  quoted: /*i18n*/ { id: 'search.searchPage.quoted', message: '"{query}"' },
  inType: /*i18n*/ { id: 'search.searchPage.inType', message: 'in {type}' },
  count: /*i18n*/ {
    id: 'search.searchPage.count',
    message: '{count, plural, one {# result} other {# results}}',
  },
  filter: /*i18n*/ { id: 'search.searchPage.filter', message: 'Filter by media type' },
  hint: /*i18n*/ {
    id: 'search.searchPage.hint',
    message: 'Type a title in the search box to find books, movies and TV shows.',
  },
  loading: /*i18n*/ { id: 'search.searchPage.loading', message: 'Loading...' },
  noResults: /*i18n*/ { id: 'search.searchPage.noResults', message: 'No Results Found' },
  noMatch: /*i18n*/ {
    id: 'search.searchPage.noMatch',
    message: "We couldn't find anything matching your search criteria.",
  },
  cantFind: /*i18n*/ { id: 'search.searchPage.cantFind', message: "Can't find what you're looking for?" },
  request: /*i18n*/ { id: 'search.searchPage.request', message: 'Request Missing Content' },
  results: /*i18n*/ { id: 'search.searchPage.results', message: 'Search results' },
  lookingFurther: /*i18n*/ { id: 'search.searchPage.lookingFurther', message: 'Looking for more titles...' },
};

/** The filters' order, as the spec lists it. */
const FILTERS: readonly SearchType[] = ['all', ...MEDIA_TYPE_ORDER.searchPage];

/** What the page hands the "Request Missing Content" modal: filled from the search each time it opens. */
export interface RequestModalProps {
  opened: boolean;
  onClose: () => void;
  initialTitle?: string;
  initialMediaType?: MediaType;
}

export interface SearchPageProps {
  /** The request modal (another feature's; the app plugs it in). */
  RequestModal: ComponentType<RequestModalProps>;
}

/** /search?query=&type=: every match for a query, filtered by media type, and a way to ask for more. */
export function SearchPage({ RequestModal }: SearchPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const type = parseSearchType(params.get('type'));
  const [requesting, setRequesting] = useState(false);
  usePageTitle(query ? t(MESSAGES.pageTitle, { query }) : t(MESSAGES.search));

  const search = useSearch(query, type);
  useEffect(() => {
    if (search.error) console.warn('Search failed', search.error);
  }, [search.error]);

  // A failed search clears the results.
  const results = search.isError ? [] : (search.data ?? []);
  // Nothing in the catalog yet: wait for what the providers find before saying there is nothing.
  const loading = query !== '' && (search.isPending || (results.length === 0 && search.lookingFurther));
  const openRequest = () => setRequesting(true);

  return (
    <Container size="xl" className={classes.page}>
      <div className={classes.head}>
        {query ? (
          <h1 className={classes.heading}>
            <Message
              message={MESSAGES.resultsFor}
              parts={{ query: <span className={classes.query}>{t(MESSAGES.quoted, { query })}</span> }}
            />
            <Box component="span" visibleFrom="sm" className={classes.filterName}>
              {' '}
              {t(MESSAGES.inType, { type: t(SEARCH_TYPE_LABELS[type]) })}
            </Box>
          </h1>
        ) : (
          <h1 className={classes.heading}>{t(MESSAGES.search)}</h1>
        )}
        {!loading && query && <p className={classes.count}>{t(MESSAGES.count, { count: results.length })}</p>}
      </div>

      <div className={classes.layout}>
        <nav aria-label={t(MESSAGES.filter)} className={classes.sidebar}>
          <ul className={classes.filters}>
            {FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  to={searchPagePath(query, filter)}
                  className={classes.filter}
                  aria-current={filter === type ? 'true' : undefined}
                >
                  {t(SEARCH_TYPE_LABELS[filter])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NativeSelect
          className={classes.filterSelect}
          label={t(MESSAGES.filter)}
          data={FILTERS.map((filter) => ({ value: filter, label: t(SEARCH_TYPE_LABELS[filter]) }))}
          value={type}
          onChange={(event) => navigate(searchPagePath(query, parseSearchType(event.currentTarget.value)))}
        />

        <div className={classes.content}>
          {!query ? (
            <p className={classes.hint}>{t(MESSAGES.hint)}</p>
          ) : loading ? (
            <div role="status" className={classes.loading}>
              <Loader size="sm" aria-hidden />
              {t(MESSAGES.loading)}
            </div>
          ) : results.length === 0 ? (
            <section className={classes.empty} aria-labelledby="search-empty-title">
              <IconMoodSearch size={48} stroke={1.5} className={classes.emptyIcon} aria-hidden />
              <h2 id="search-empty-title" className={classes.emptyTitle}>
                {t(MESSAGES.noResults)}
              </h2>
              <p className={classes.emptyText}>{t(MESSAGES.noMatch)}</p>
              <p className={classes.emptyPrompt}>{t(MESSAGES.cantFind)}</p>
              <Button onClick={openRequest} leftSection={<IconPlus size={16} aria-hidden />}>
                {t(MESSAGES.request)}
              </Button>
            </section>
          ) : (
            <>
              {/* A boundary of their own: the server's results are taken over in a pass after the rest of
                  the page, so neither is one long task on a phone. */}
              <Suspense>
                <ul className={classes.results} aria-label={t(MESSAGES.results)}>
                  {results.map((item) => (
                    <li key={item._id}>
                      <SearchResult item={item} />
                    </li>
                  ))}
                </ul>
              </Suspense>
              {search.lookingFurther && (
                <div role="status" className={classes.loading}>
                  <Loader size="xs" aria-hidden />
                  {t(MESSAGES.lookingFurther)}
                </div>
              )}
            </>
          )}

          {!loading && (!query || results.length > 0) && (
            <section className={classes.prompt} aria-labelledby="search-prompt-title">
              <h2 id="search-prompt-title" className={classes.promptTitle}>
                {t(MESSAGES.cantFind)}
              </h2>
              <Button variant="light" onClick={openRequest} leftSection={<IconPlus size={16} aria-hidden />}>
                {t(MESSAGES.request)}
              </Button>
            </section>
          )}
        </div>
      </div>

      {/* Its own boundary too: the closed modal's portal and hooks are set up in a later pass. */}
      <Suspense>
        <RequestModal
          opened={requesting}
          onClose={() => setRequesting(false)}
          initialTitle={query}
          initialMediaType={type === 'all' ? undefined : type}
        />
      </Suspense>
    </Container>
  );
}
