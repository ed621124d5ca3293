import { RequestContentModal } from '../features/requests/components/request-content-modal';
import { SearchPage } from '../features/search/components/search-page';

/** /search: the search page, whose "Request Missing Content" opens the requests feature's modal. */
export function SearchRoute() {
  return <SearchPage RequestModal={RequestContentModal} />;
}
