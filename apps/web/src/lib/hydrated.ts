import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page, true from the render
 * after. For what must not show before it works (a field typed into before its code has arrived
 * would lose what was typed).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
