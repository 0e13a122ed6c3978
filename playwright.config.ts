import { defineConfig } from "@playwright/test";
import {
  E2E_BASE_URL,
  E2E_DASHBOARD_PORT,
  E2E_DATA_DIR,
  E2E_SANDBOX_PORT,
  E2E_SANDBOX_URL,
  OWNER_STATE_PATH,
} from "./e2e/fixtures/servers";
import { WALLETS } from "./e2e/fixtures/wallets";
import { sandboxEnv } from "./test-support/sandbox-env";
import { DEMO_LOGIN_ACCOUNTS, loginRedirectUriFor } from "./lib/demo-license";

// The browser tests drive a local sandbox and a local production build, nothing else.
for (const url of [E2E_BASE_URL, E2E_SANDBOX_URL]) {
  if (!["localhost", "127.0.0.1"].includes(new URL(url).hostname))
    throw new Error(`Refusing to run browser tests against ${url}`);
}

const dashboardEnv = {
  DIMO_ENV: "sandbox",
  ...sandboxEnv(E2E_SANDBOX_URL),
  NEXTAUTH_URL: E2E_BASE_URL,
  SANDBOX_DATA_DIR: E2E_DATA_DIR,
  // The wallet admin, and the admin account of the sandbox's DIMO login page.
  DASHBOARD_ADMINS: `${WALLETS.admin.address},${DEMO_LOGIN_ACCOUNTS.admin.address}`,
  NEXT_TELEMETRY_DISABLED: "1",
  // The sign-in tests play the one proxy in front of the dashboard to sign in from addresses of their own.
  TRUSTED_PROXY_HOPS: "1",
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright-artifacts",
  fullyParallel: false,
  // One worker: a Chromium software-rendering maps keeps both cores busy by itself, so a second one beside it (and
  // beside the production server and the sandbox) made each test several times slower and the whole run slower too,
  // and let a test's requests starve. E2E_WORKERS sets another count, to measure it again.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: true,
  retries: 0,
  // Guards against a hang, not budgets: every wait is for a state (a row, a response, a frame drawn), and on a busy
  // 2-core machine software-rendered maps and a production server beside them take several times as long as idle.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    // As a user who asked for less motion: the map jumps instead of gliding and CSS animations stop, so a page is
    // drawn a few times rather than once a frame while it settles, which on software rendering is most of a test's
    // CPU. The tests of motion itself ask for it back.
    reducedMotion: "reduce",
    // A failed test keeps its screenshot and page snapshot. E2E_TRACE=1 also keeps its trace (the actions, the network,
    // the console and a film of the screen): off by default, since it is recorded for every test, passing or not, and
    // the film alone costs the browser a share of its CPU in each.
    trace: process.env.E2E_TRACE ? { mode: "retain-on-failure", snapshots: false } : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "signed-out", testMatch: [/sign-in\.spec\.ts/, /sign-in-dimo\.spec\.ts/] },
    {
      name: "dashboard",
      testMatch: /\.spec\.ts/,
      testIgnore: [/sign-in\.spec\.ts/, /sign-in-dimo\.spec\.ts/, /\.clock\.spec\.ts/, /\.alone\.spec\.ts/],
      dependencies: ["setup"],
      use: { storageState: OWNER_STATE_PATH },
    },
    {
      // Specs that inject faults every page would feel (the error page) or that need the page to themselves. One worker:
      // two of them side by side would feel each other's faults (and one's clearing of faults ends the other's).
      name: "alone",
      testMatch: /\.alone\.spec\.ts/,
      dependencies: ["dashboard", "signed-out"],
      workers: 1,
      use: { storageState: OWNER_STATE_PATH },
    },
    {
      // Specs that move the sandbox clock run alone, last, since every vehicle and token sees it.
      name: "clock",
      testMatch: /\.clock\.spec\.ts/,
      dependencies: ["alone"],
      use: { storageState: OWNER_STATE_PATH },
    },
  ],
  webServer: [
    {
      command: `node --import tsx sandbox/main.ts --port ${E2E_SANDBOX_PORT} --data-dir ${E2E_DATA_DIR} --reset --redirect-uri ${loginRedirectUriFor(E2E_BASE_URL)}`,
      url: `${E2E_SANDBOX_URL}/auth/keys`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/next/dist/bin/next start -p ${E2E_DASHBOARD_PORT}`,
      url: `${E2E_BASE_URL}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: dashboardEnv,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
