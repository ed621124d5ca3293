declare global {
  interface Window {
    /** public/boot.js: stops keeping taps and hands over the last button tapped before the app started. */
    releasebellTakeEarlyTap?: () => Element | null;
  }
}

let early: HTMLElement | null = null;

const forget = () => {
  early = null;
};

/**
 * Takes the button tapped while the page was only painted (public/boot.js keeps it). Called just
 * before React starts listening: from then on React itself holds taps until the page is hydrated.
 */
export function takeEarlyTap(): void {
  const tapped = window.releasebellTakeEarlyTap?.() ?? null;
  early = tapped instanceof HTMLElement ? tapped : null;
  // A tap after this one is newer and React has it: pressing the kept one too could undo it.
  if (early) addEventListener('click', forget, { capture: true, once: true });
}

/** Once the app has taken the page over: presses the button tapped before, if it is still there. */
export function replayEarlyTap(): void {
  removeEventListener('click', forget, { capture: true });
  const tapped = early;
  early = null;
  if (tapped?.isConnected) tapped.click();
}
