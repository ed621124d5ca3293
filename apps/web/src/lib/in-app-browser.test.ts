import { describe, expect, it } from 'vitest';
import { isInAppBrowser, openInChromeUrl } from './in-app-browser';

const UA = {
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/440.0.0.0;]',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0',
  messenger: 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 [FBAN/MessengerForiOS;FBAV/400.0]',
  line: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/118.0 Mobile Safari/537.36 Line/13.20.0',
  twitter: 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 Twitter for iPhone/10.0',
  linkedin: 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 [LinkedInApp]/9.29',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
};

describe('isInAppBrowser', () => {
  it('recognises the six in-app browsers and not real browsers', () => {
    for (const ua of [UA.facebookAndroid, UA.instagramIos, UA.messenger, UA.line, UA.twitter, UA.linkedin]) {
      expect(isInAppBrowser(ua), ua).toBe(true);
    }
    expect(isInAppBrowser(UA.chrome)).toBe(false);
    expect(isInAppBrowser(UA.safariIos)).toBe(false);
  });
});

describe('openInChromeUrl', () => {
  it('builds an Android intent that keeps the path and query', () => {
    expect(openInChromeUrl('https://releasebell.app/search?query=moon', UA.facebookAndroid)).toBe(
      'intent://releasebell.app/search?query=moon#Intent;scheme=https;package=com.android.chrome;end',
    );
  });

  it("uses Chrome's URL scheme on iOS", () => {
    expect(openInChromeUrl('https://releasebell.app/homepage', UA.instagramIos)).toBe(
      'googlechromes://releasebell.app/homepage',
    );
    expect(openInChromeUrl('http://localhost:3000/', UA.twitter)).toBe('googlechrome://localhost:3000/');
  });

  it('gives nothing on a desktop', () => {
    expect(openInChromeUrl('https://releasebell.app/', UA.chrome)).toBeNull();
  });
});
