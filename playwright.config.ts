import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const systemChromium = "/usr/bin/chromium";
const asRoot = process.getuid?.() === 0;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // The longest journeys (twenty screens' tab titles, two people typing into one description)
  // take up to a minute on a 2-core CI machine that also runs the server, Postgres and the
  // browser; twice that keeps a slow machine from failing a test whose steps all pass.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      // Playwright cannot download its own browser here: use Debian's Chromium when present.
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: [
        ...(asRoot ? ["--no-sandbox"] : []),
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
