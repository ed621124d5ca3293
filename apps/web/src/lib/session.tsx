import type { MediaItem } from '@releasebell/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Who is signed in; accounts arrive with the accounts issue, until then nobody is. */
export interface CurrentUser {
  id: string;
  email: string;
  username: string;
}

/** The spec's session context: current user, the auth modal's open flag, and an item waiting to be added. */
export interface Session {
  currentUser: CurrentUser | null;
  isModalOpen: boolean;
  itemToAdd: MediaItem | null;
  openModal: (item?: MediaItem) => void;
  closeModal: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [isModalOpen, setModalOpen] = useState(false);
  const [itemToAdd, setItemToAdd] = useState<MediaItem | null>(null);

  const openModal = useCallback((item?: MediaItem) => {
    setItemToAdd(item ?? null);
    setModalOpen(true);
  }, []);
  const closeModal = useCallback(() => {
    setModalOpen(false);
    setItemToAdd(null);
  }, []);

  const value = useMemo<Session>(
    () => ({ currentUser: null, isModalOpen, itemToAdd, openModal, closeModal }),
    [isModalOpen, itemToAdd, openModal, closeModal],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
