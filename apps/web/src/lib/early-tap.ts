declare global {
  interface Window {
    /** public/boot.js: stops keeping taps and hands over the last button tapped before the app started. */
    releasebellTakeEarlyTap?: () => Element | null;
  }
}

let early: HTMLElement | null = null;

/**
 * Takes the button tapped while the page was only painted (public/boot.js keeps it). Called just
 * before React starts listening: from then on React itself holds taps until the page is hydrated.
 */
export function takeEarlyTap(): void {
  const tapped = window.releasebellTakeEarlyTap?.() ?? null;
  early = tapped instanceof HTMLElement ? tapped : null;
}

/** Once the app has taken the page over: presses the button tapped before, if it is still there. */
export function replayEarlyTap(): void {
  const tapped = early;
  early = null;
  if (tapped?.isConnected) tapped.click();
}
