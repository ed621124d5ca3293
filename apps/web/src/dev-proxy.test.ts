import { PAGES } from '@releasebell/contract/pages';
import { ROUTES } from '@releasebell/contract/routes';
import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';

describe('npm run dev', () => {
  const config = viteConfig({ command: 'serve', mode: 'development', isSsrBuild: false });
  const proxied = Object.keys(config.server?.proxy ?? {});
  const isProxied = (address: string) => proxied.some((prefix) => address.startsWith(prefix));
  const filled = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*$/, 'w500/a.jpg');

  it("hands every route of the contract's table to the API server, the members' ones included", () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      expect({ name, proxied: isProxied(filled(route.path)) }).toEqual({ name, proxied: true });
    }
  });

  it("keeps the web app's pages", () => {
    for (const page of Object.values(PAGES)) expect(isProxied(filled(page.path)), page.path).toBe(false);
  });
});
