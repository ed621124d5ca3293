import { API_EXACT_PATHS, API_PATH_PREFIXES } from '@releasebell/contract/constants';
import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';

describe('npm run dev', () => {
  it("hands every API path to the API server, the members' ones (profile, watchlist) included", () => {
    const config = viteConfig({ command: 'serve', mode: 'development', isSsrBuild: false });
    const proxied = Object.keys(config.server?.proxy ?? {});
    for (const path of [...API_PATH_PREFIXES, ...API_EXACT_PATHS]) expect(proxied).toContain(path);
    // Page routes stay with the web app.
    for (const page of ['/watchlist', '/profile', '/leaderboard', '/media/movies/x']) {
      expect(proxied.some((p) => page.startsWith(p))).toBe(false);
    }
  });
});
