import { Box, Button, Container, Loader, NativeSelect } from '@mantine/core';
import {
  MEDIA_TYPE_ORDER,
  type MediaType,
  SEARCH_TYPE_LABELS,
  type SearchType,
} from '@releasebell/contract/constants';
import { IconMoodSearch, IconPlus } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { parseSearchType, searchPagePath, useSearch } from '../api/search';
import classes from './search-page.module.css';
import { SearchResult } from './search-result';

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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const type = parseSearchType(params.get('type'));
  const [requesting, setRequesting] = useState(false);
  usePageTitle(query ? `${query} - Search` : 'Search');

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
            Showing results for <span className={classes.query}>"{query}"</span>
            <Box component="span" visibleFrom="sm" className={classes.filterName}>
              {' '}
              in {SEARCH_TYPE_LABELS[type]}
            </Box>
          </h1>
        ) : (
          <h1 className={classes.heading}>Search</h1>
        )}
        {!loading && query && (
          <p className={classes.count}>
            {results.length} {results.length === 1 ? 'result' : 'results'}
          </p>
        )}
      </div>

      <div className={classes.layout}>
        <nav aria-label="Filter by media type" className={classes.sidebar}>
          <ul className={classes.filters}>
            {FILTERS.map((filter) => (
              <li key={filter}>
                <Link
                  to={searchPagePath(query, filter)}
                  className={classes.filter}
                  aria-current={filter === type ? 'true' : undefined}
                >
                  {SEARCH_TYPE_LABELS[filter]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NativeSelect
          className={classes.filterSelect}
          label="Filter by media type"
          data={FILTERS.map((filter) => ({ value: filter, label: SEARCH_TYPE_LABELS[filter] }))}
          value={type}
          onChange={(event) => navigate(searchPagePath(query, parseSearchType(event.currentTarget.value)))}
        />

        <div className={classes.content}>
          {!query ? (
            <p className={classes.hint}>Type a title in the search box to find books, movies and TV shows.</p>
          ) : loading ? (
            <div role="status" className={classes.loading}>
              <Loader size="sm" aria-hidden />
              Loading...
            </div>
          ) : results.length === 0 ? (
            <section className={classes.empty} aria-labelledby="search-empty-title">
              <IconMoodSearch size={48} stroke={1.5} className={classes.emptyIcon} aria-hidden />
              <h2 id="search-empty-title" className={classes.emptyTitle}>
                No Results Found
              </h2>
              <p className={classes.emptyText}>We couldn't find anything matching your search criteria.</p>
              <p className={classes.emptyPrompt}>Can't find what you're looking for?</p>
              <Button onClick={openRequest} leftSection={<IconPlus size={16} aria-hidden />}>
                Request Missing Content
              </Button>
            </section>
          ) : (
            <>
              <ul className={classes.results} aria-label="Search results">
                {results.map((item) => (
                  <li key={item._id}>
                    <SearchResult item={item} />
                  </li>
                ))}
              </ul>
              {search.lookingFurther && (
                <div role="status" className={classes.loading}>
                  <Loader size="xs" aria-hidden />
                  Looking for more titles...
                </div>
              )}
            </>
          )}

          {!loading && (!query || results.length > 0) && (
            <section className={classes.prompt} aria-labelledby="search-prompt-title">
              <h2 id="search-prompt-title" className={classes.promptTitle}>
                Can't find what you're looking for?
              </h2>
              <Button variant="light" onClick={openRequest} leftSection={<IconPlus size={16} aria-hidden />}>
                Request Missing Content
              </Button>
            </section>
          )}
        </div>
      </div>

      <RequestModal
        opened={requesting}
        onClose={() => setRequesting(false)}
        initialTitle={query}
        initialMediaType={type === 'all' ? undefined : type}
      />
    </Container>
  );
}
