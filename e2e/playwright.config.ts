import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_PORTS, googleUser } from './fake-config';

/** The port the app under test listens on (E2E_PORT overrides it, e.g. when 3103 is taken). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3103);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

// Every run starts from a fresh database seeded with the demo catalog. The config is also loaded by
// each worker process: they inherit the directory through the environment instead of making their own,
// and only the process that made it removes it when the run is over (the server is stopped by then).
let dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'releasebell-e2e-'));
  dataDir = created;
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // CI machines are small and run two workers beside the app: give slow steps (password hashing) room.
  timeout: process.env.CI ? 45_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A retry would hide a flaky test: every test must pass the first time, here and in CI.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: 'list',
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network); the screencast is left out: filming
    // every test took a quarter of the suite's time on a two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // SMTP, the Google stand-in (OIDC) and the mail reader; the app discovers the OIDC server at start.
      command: 'node --import tsx e2e/fake-services.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${FAKE_PORTS.control}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The compiled server, as `npm start` runs it. Compiled here too (under a second), so a run of
      // `playwright test` alone never tests a stale bundle; `npm run test:e2e` builds the web app first.
      command: `node apps/server/build.mjs && node e2e/wait-for.mjs http://127.0.0.1:${FAKE_PORTS.control}/health && node --enable-source-maps apps/server/dist/server.js`,
      cwd: repoRoot,
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // No load balancer waits on its health checks: a stop need not drain.
        SHUTDOWN_DRAIN_SECONDS: '0',
        SEED_DEMO_CATALOG: 'true',
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${FAKE_PORTS.smtp}`,
        MAIL_FROM: 'Releasebell <no-reply@releasebell.test>',
        GOOGLE_CLIENT_ID: googleUser.clientId,
        GOOGLE_CLIENT_SECRET: googleUser.clientSecret,
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${FAKE_PORTS.oidc}/.well-known/openid-configuration`,
        // Every browser test comes from 127.0.0.1; the limits themselves are tested in the server's tests.
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_MAX_FAILED_SIGNINS: '1000',
        // Members' webhooks go to the stand-in on 127.0.0.1.
        CHANNEL_ALLOW_PRIVATE_HOSTS: 'true',
      },
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
