import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Collects what the browser reports as errors; a test names the ones it provokes on purpose. */
export interface ConsoleErrors {
  /**
   * Declares errors this test expects (e.g. after making the API fail with page.route). A message that
   * matches any allowed pattern is not counted. Patterns are matched against the whole message text.
   */
  allow(...patterns: (RegExp | string)[]): void;
  /** Every error message seen so far, allowed or not. */
  readonly messages: readonly string[];
}

/**
 * Errors tolerated in every test. Keep this empty unless a message is unavoidable and harmless; an
 * expected error belongs in the one test that provokes it (consoleErrors.allow).
 */
const ALWAYS_ALLOWED: RegExp[] = [];

const matches = (message: string, pattern: RegExp | string) =>
  typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  // A page the server rendered shows its buttons before its script has taken them over (ADR 011): a
  // test, like a person on a fast connection, acts once it has. goto and reload wait for that, except
  // a goto that asks for the page as soon as it arrives (`waitUntil: 'commit'`).
  page: async ({ page }, use) => {
    const ready = async () => {
      if ((await page.locator('#root').count()) > 0)
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await ready();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await ready();
      return response;
    };
    await use(page);
  },
  // Runs for every test: any console.error or uncaught exception in the page fails the test.
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const messages: string[] = [];
      const allowed: (RegExp | string)[] = [...ALWAYS_ALLOWED];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const { url, lineNumber } = msg.location();
        messages.push(url ? `${msg.text()} (${url}:${lineNumber})` : msg.text());
      });
      page.on('pageerror', (error) => {
        messages.push(`Uncaught ${error.name}: ${error.message}`);
      });

      await use({
        allow: (...patterns) => allowed.push(...patterns),
        get messages() {
          return messages;
        },
      });

      const unexpected = messages.filter((m) => !allowed.some((p) => matches(m, p)));
      if (unexpected.length > 0) {
        await testInfo.attach('console-errors', { body: unexpected.join('\n'), contentType: 'text/plain' });
      }
      expect(unexpected, 'the page logged errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Holds back the requests matching `url` until the returned function is called: a test sees the
 * state the page shows while they are on their way.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Runs axe (WCAG 2 A and AA rules) on the page as it is now and fails on any serious or critical
 * violation, printing each with the elements involved. Minor and moderate findings are printed only.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const describe = (v: (typeof violations)[number]) =>
    [
      `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.map(
        (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      ),
    ].join('\n');

  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length > 0)
    console.log(`axe: minor findings on ${page.url()}\n${minor.map(describe).join('\n')}`);
  expect(serious.map(describe), `axe found serious violations on ${page.url()}`).toEqual([]);
}
