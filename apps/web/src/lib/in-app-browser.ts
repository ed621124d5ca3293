/** In-app browsers (Facebook, Instagram, Messenger, Line, Twitter, LinkedIn) that Google refuses to sign in from. */
const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|Messenger|\bLine\/|Twitter|LinkedInApp/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}

/**
 * A link that opens `pageUrl` in Chrome: an Android intent, or Chrome's URL scheme on iOS; null when
 * neither applies (the user is asked to open the page in their browser themselves).
 */
export function openInChromeUrl(pageUrl: string, userAgent: string): string | null {
  const url = new URL(pageUrl);
  const rest = `${url.host}${url.pathname}${url.search}`;
  if (/Android/i.test(userAgent)) {
    return `intent://${rest}#Intent;scheme=${url.protocol.replace(':', '')};package=com.android.chrome;end`;
  }
  if (/iPhone|iPad|iPod/i.test(userAgent)) {
    return `${url.protocol === 'https:' ? 'googlechromes' : 'googlechrome'}://${rest}`;
  }
  return null;
}
