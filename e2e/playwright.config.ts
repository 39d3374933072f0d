import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a browser downloaded by Playwright.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./support/global-setup.ts",
  // Room for a busy two-core machine (the server, its database and two browsers share it): a journey that waits
  // longer than this is broken, not slow.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two cores: the server, Chromium and the runner share them.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  reporter: "list",
  outputDir: "../.tasuki/e2e-results",
  use: {
    browserName: "chromium",
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    // Recording a trace snapshots the page at every step: a sixth of the browser's time, for a file CI cannot
    // hand back. Locally a failed journey keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
