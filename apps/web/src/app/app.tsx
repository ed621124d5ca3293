import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LanguageProvider } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import { SessionProvider } from '../lib/session';
import { type Viewer, ViewerProvider } from '../lib/viewer';
import { theme } from './theme';

// Toasts are never part of the first paint: their container loads once the browser is idle (a toast
// shown before then waits in Mantine's store and appears with it).
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

function Toasts() {
  const [shown, setShown] = useState(false);
  useEffect(() => whenIdle(() => setShown(true)), []);
  return shown ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1000} />
    </Suspense>
  ) : null;
}

export function createQueryClient(options: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      // The server renders from what it has: it never waits to retry.
      queries: { staleTime: 60_000, retry: options.server ? false : 1, refetchOnWindowFocus: false },
    },
  });
}

/** What every page sits in, in the browser (main.tsx) and on the server (entry-server.tsx). */
export function AppProviders({
  queryClient,
  viewer,
  children,
}: {
  queryClient: QueryClient;
  viewer: Viewer;
  /** The router. */
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <ViewerProvider value={viewer}>
          <LanguageProvider initial={viewer.language}>
            <SessionProvider>{children}</SessionProvider>
          </LanguageProvider>
        </ViewerProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
