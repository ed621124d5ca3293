import type { MediaItem, SessionInfo } from '@releasebell/contract';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
} from 'react';
import { api } from './api-client';

/** Who is signed in, as GET /api/session tells it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

export type AuthMode = 'signIn' | 'signUp' | 'reset';

/** What a watchlist add needs of an item (cards, the detail page and the leaderboard all have it). */
export type PendingItem = Pick<MediaItem, 'item_id' | 'media_type' | 'title'>;

/** The spec's session context: current user, the auth modal's open flag, and an item waiting to be added. */
export interface Session {
  currentUser: CurrentUser | null;
  /** True until the first answer about the session has arrived. */
  isLoading: boolean;
  isModalOpen: boolean;
  modalMode: AuthMode;
  itemToAdd: PendingItem | null;
  openModal: (item?: PendingItem, mode?: AuthMode) => void;
  closeModal: () => void;
  /** Asks the server again who is signed in (after every sign-in, sign-up or sign-out). */
  refreshSession: () => Promise<CurrentUser | null>;
  /** Who is signed in, once the server has said (at once when it has; the same request when asked). */
  whenSessionKnown: () => Promise<CurrentUser | null>;
  signOut: () => Promise<void>;
  /**
   * Registers what happens once someone signs in with an item pending (the watchlist adds it).
   * Returns a function that unregisters it.
   */
  onSignedIn: (handler: (user: CurrentUser, item: PendingItem) => void) => () => void;
  /** Called by the auth modal after a successful sign-in or sign-up. */
  completeSignIn: (user: CurrentUser) => void;
}

const SESSION_QUERY_KEY = ['session'] as const;

const SessionContext = createContext<Session | null>(null);
/** Who is signed in, as of now (not deferred): what shows member-only tools, which ask for member data. */
const SignedInContext = createContext<CurrentUser | null>(null);

async function fetchSession(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return (await api.get<SessionInfo>(pathTo(ROUTES.getSession), signal)).user;
  } catch (error) {
    // Not knowing means signed out for now; the next refresh asks again.
    console.warn('Could not read the session', error);
    return null;
  }
}

/** The one session query: the provider reads it, and a click before its answer waits for the same request. */
const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(signal),
};

export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** Tests: who is signed in, known up front, so no request is made for it. */
  initialUser?: CurrentUser | null;
}) {
  const queryClient = useQueryClient();
  const [isModalOpen, setModalOpen] = useState(false);
  const [modalMode, setModalMode] = useState<AuthMode>('signIn');
  const [itemToAdd, setItemToAdd] = useState<PendingItem | null>(null);
  const handlers = useRef(new Set<(user: CurrentUser, item: PendingItem) => void>());

  const { data, isPending } = useQuery({
    ...sessionQuery,
    ...(initialUser !== undefined
      ? { initialData: initialUser, staleTime: Number.POSITIVE_INFINITY }
      : { staleTime: 5 * 60_000, refetchOnWindowFocus: true }),
  });

  const openModal = useCallback((item?: PendingItem, mode: AuthMode = 'signIn') => {
    // Only what the add needs is kept (it may be stored across the Google round trip).
    setItemToAdd(item ? { item_id: item.item_id, media_type: item.media_type, title: item.title } : null);
    setModalMode(mode);
    setModalOpen(true);
  }, []);
  const closeModal = useCallback(() => {
    setModalOpen(false);
    setItemToAdd(null);
  }, []);

  const whenSessionKnown = useCallback(() => queryClient.ensureQueryData(sessionQuery), [queryClient]);

  // Counts sign-outs: an answer about the session asked for before one may name the member it ended.
  const signOuts = useRef(0);

  const refreshSession = useCallback(async () => {
    const asked = signOuts.current;
    const user = await fetchSession();
    if (signOuts.current !== asked) return null;
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    return user;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Signed out here first, so no member's query starts (and meets a 401) while the server ends the
    // session; nothing of the previous member stays in memory. Their answers are dropped only once the
    // server has answered: by then the screens that asked for them are gone, so none asks again.
    const members = (q: { queryKey: readonly unknown[] }) =>
      ['profile', 'watchlist', 'notifications', 'follows', 'imports'].includes(String(q.queryKey[0]));
    signOuts.current += 1;
    await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    await queryClient.cancelQueries({ predicate: members });
    try {
      await api.post(pathTo(ROUTES.signOut), {});
    } finally {
      queryClient.removeQueries({ predicate: members });
    }
  }, [queryClient]);

  const onSignedIn = useCallback((handler: (user: CurrentUser, item: PendingItem) => void) => {
    handlers.current.add(handler);
    return () => {
      handlers.current.delete(handler);
    };
  }, []);

  const completeSignIn = useCallback(
    (user: CurrentUser) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      if (itemToAdd) for (const handler of handlers.current) handler(user, itemToAdd);
    },
    [queryClient, itemToAdd],
  );

  const value = useMemo<Session>(
    () => ({
      currentUser: data ?? null,
      isLoading: isPending,
      isModalOpen,
      modalMode,
      itemToAdd,
      openModal,
      closeModal,
      refreshSession,
      whenSessionKnown,
      signOut,
      onSignedIn,
      completeSignIn,
    }),
    [
      data,
      isPending,
      isModalOpen,
      modalMode,
      itemToAdd,
      openModal,
      closeModal,
      refreshSession,
      whenSessionKnown,
      signOut,
      onSignedIn,
      completeSignIn,
    ],
  );
  // Every card's Notify Me button reads the session: its answer redraws them in the background,
  // in pieces, rather than in one long task just after the page is shown.
  const deferred = useDeferredValue(value);
  return (
    <SignedInContext.Provider value={data ?? null}>
      <SessionContext.Provider value={deferred}>{children}</SessionContext.Provider>
    </SignedInContext.Provider>
  );
}

/**
 * The member signed in now. Tools that keep asking for a member's data (the bell) go by it, so they
 * are gone the moment the member signs out, before their data is dropped (and would be asked for again).
 */
export function useSignedInNow(): CurrentUser | null {
  return useContext(SignedInContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
