import type { PublicConfig } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

const FALLBACK: PublicConfig = {
  productName: 'Releasebell',
  amazonAffiliateTag: null,
  contactEmail: 'hello@releasebell.app',
  googleSignIn: false,
  tmdbAttribution: false,
  liveSearch: false,
  // Until the server's answer arrives, nothing is proxied (posters fall back to placeholders).
  imageProxies: { tmdb: '', isbndb: '' },
};

/** Server settings the UI needs (affiliate tag, contact address); sensible values until they arrive. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get<PublicConfig>(pathTo(ROUTES.getPublicConfig), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? FALLBACK;
}
