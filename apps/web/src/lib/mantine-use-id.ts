import { useId as useReactId } from 'react';

/**
 * Mantine's `useId`, built into the app in its place (vite.config.ts, stableMantineIds). Mantine's
 * own keeps React's id only for the first render and swaps in a random one in a layout effect: every
 * component with an id then draws itself again, at once, just after the page is taken over, and the
 * ids the server wrote change under the reader. React's id is already the same on server and browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
