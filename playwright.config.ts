import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The config is evaluated in every worker too; values set on process.env here are inherited by
// the workers, so the whole run shares one server, one data directory and one mail catcher.
process.env.E2E_PORT ??= "3987";
process.env.E2E_MAIL_SMTP_PORT ??= "3988";
process.env.E2E_MAIL_API_PORT ??= "3989";
process.env.E2E_OIDC_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "laneway-e2e-"));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Debian's Chromium, never a downloaded browser. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Specs only: tests/e2e/support/*.test.ts are unit tests of the helpers (vitest).
  testMatch: "**/*.spec.ts",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  // Generous per test: several sign in, upload, run axe and take screenshots on a two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
  webServer: [
    {
      command: "npx tsx tests/e2e/support/mail-catcher-server.ts",
      url: `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Started before the app, which discovers the provider's endpoints when it boots.
      command: "npx tsx tests/e2e/support/oidc-provider-server.ts",
      url: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // As `npm start` does: the demo data first (SEED_DEMO is on outside production), then the server.
      command: "node --import tsx scripts/db-seed.ts --on-start && node build/server/index.js",
      // Another checkout of the built app can be served instead (E2E_APP_DIR), e.g. a copy of build/.
      cwd: process.env.E2E_APP_DIR,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: process.env.E2E_PORT,
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_SMTP_PORT}`,
        LOG_LEVEL: "warn",
        // Fixtures post from their own addresses (tests/e2e/support/fixtures.ts), so the per-address
        // auth limits count each one separately; the browser's own requests carry no such header.
        TRUSTED_PROXIES: "loopback",
        // Listing analytics written every half second, so a journey sees its views at once.
        ANALYTICS_FLUSH_INTERVAL_MS: "500",
        OAUTH_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
        OAUTH_CLIENT_ID: "laneway-e2e",
        OAUTH_CLIENT_SECRET: "laneway-e2e-secret",
      },
    },
  ],
});
