import { useQuery } from '@tanstack/react-query';
import { getProfile, profileKey } from './profile';
import { regionFromLocale } from './region';
import { useSession, useSignedInNow } from './session';
import { useViewer } from './viewer';

/**
 * Whose release dates the visitor sees: the member's profile region when they chose one, else the
 * browser's country, else null (the server's default region). `known` is false while the session or
 * the member's profile is still loading, so a page can wait rather than show another country's date
 * first. A profile that cannot be read counts as no choice.
 */
export function useViewerRegion(): { region: string | null; known: boolean } {
  const { currentUser, isLoading } = useSession();
  const { locale } = useViewer();
  const signedInNow = useSignedInNow();
  const uid = currentUser?.id ?? null;
  const profile = useQuery({
    queryKey: profileKey(uid ?? ''),
    queryFn: ({ signal }) => getProfile(uid ?? '', signal),
    enabled: !!uid && signedInNow?.id === uid,
    // Not registered yet (404) or unreachable: the browser's country will do; the page must not wait.
    retry: false,
    staleTime: 60_000,
  });
  const known = !isLoading && (!uid || !profile.isPending);
  return { region: profile.data?.region ?? regionFromLocale(locale), known };
}
