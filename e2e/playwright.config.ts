import { readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// The built portal on its own port and a fresh data directory, so a developer's running
// instance on 3000 is never touched.
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://localhost:${port}`;
const dataDir = `.tmp/data-${port}`;
// The server runs with the Node flags `npm start` gives it (apps/server/package.json config.nodeFlags).
const serverPackage = JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')) as { config?: { nodeFlags?: string } };
const nodeFlags = serverPackage.config?.nodeFlags ?? '';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs about a fifth of the suite's CPU (accessibility.spec.ts: 93 s of
    // CPU without, 116 s with): CI records one when a test is retried, that is when it failed once.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // People who ask their system for reduced motion get no transitions (index.css), so no test
    // waits for a dialog to fade in; accessibility.spec.ts checks the motion others see.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // This machine has no network but loopback: keep Chromium from reaching out.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node ${nodeFlags} ../apps/server/dist/server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The limits themselves are tested by the API suite; here many people sign in from one IP.
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_FLOOD_LIMIT_PER_IP: '10000',
      RESET_RATE_LIMIT_PER_IP: '10000',
      SIGNUP_RATE_LIMIT_PER_IP: '10000',
      USER_RATE_LIMIT_PER_MINUTE: '100000',
      USER_WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      // The lead form's timing rule is the API suite's; here the business owner types at a robot's speed.
      LEAD_FORM_MIN_SECONDS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // Parallel runs (several engineers at once) build the web app into their own folder.
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? '',
    },
  },
});
