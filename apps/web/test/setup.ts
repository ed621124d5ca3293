import '@testing-library/jest-dom/vitest';
import { mergeCatalogs, WEB_CATALOGS } from '@releasebell/contract/locales/all';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetAppLanguage, registerMessages } from '../src/lib/i18n';

// jsdom lacks these browser APIs that Mantine relies on (a test of the server's renderer runs in
// Node, without a DOM).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  class IntersectionObserverStub extends ResizeObserverStub {}
  window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
  window.HTMLElement.prototype.scrollBy = () => {};
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

// An unexpected console.error is a failure.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  // The next test starts in the browser's language, whatever this one chose.
  forgetAppLanguage();
  if (typeof document !== 'undefined') {
    cleanup();
    document.documentElement.removeAttribute('lang');
    // Each test starts with no cookies, like the storage its tests clear (the home tab's cookie).
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
      if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
    }
  }
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0)
    throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});

// Components render their messages from every locale's catalog (the app loads only the page's).
registerMessages(mergeCatalogs(WEB_CATALOGS));
