import { PAGES } from '@releasebell/contract/pages';
import { expect, it } from 'vitest';
import { routes } from './routes';

it("draws exactly the contract's pages, and the not-found page for any other address", () => {
  const paths = (routes[0]?.children ?? []).map((route) => route.path);
  expect(paths.filter((p) => p !== '*').sort()).toEqual(
    Object.values(PAGES)
      .map((p) => p.path)
      .sort(),
  );
  expect(paths.at(-1)).toBe('*');
});
