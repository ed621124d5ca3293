import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { LanguageProvider, useT } from '../lib/i18n';
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
    <LanguageProvider initial={viewer.language}>
      <ThemeInLanguage>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <ViewerProvider value={viewer}>
            <SessionProvider>{children}</SessionProvider>
          </ViewerProvider>
        </QueryClientProvider>
      </ThemeInLanguage>
    </LanguageProvider>
  );
}

const MESSAGES = {
  togglePassword: /*i18n*/ { id: 'app.theme.togglePassword', message: 'Show or hide the password' },
};

/** The theme, with the words Mantine's own controls would say in English said in the page's language. */
function ThemeInLanguage({ children }: { children: ReactNode }) {
  const t = useT();
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: {
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': t(MESSAGES.togglePassword) } },
          },
        },
      }),
    [t],
  );
  return (
    <MantineProvider theme={themed} defaultColorScheme="dark">
      {children}
    </MantineProvider>
  );
}
