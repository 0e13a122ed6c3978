import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxEnv } from "@/test-support/sandbox-env";
import { createTestDataDir, TEST_SANDBOX_CACHE_DIR } from "@/test-support/sandbox-template";
import { type ManagedProcess, freePort, startProcess, waitForHttp, waitForOutput } from "./processes";

/**
 * Sandboxes and production dashboards as their own processes, on free loopback ports, with throw-away data folders:
 * for the benchmark, and for browser tests that need a network of their own (the realistic profile).
 */

export interface SandboxServer {
  url: string;
  stop(): Promise<void>;
}

export interface DashboardServer {
  /** http://127.0.0.1:PORT, also its NEXTAUTH_URL, so the sign-in message's domain matches the host served. */
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * The sandbox CLI on a copy of the seeded template database (seeded once per seed version, then reused); `args` go
 * to the CLI (`--profile realistic`, say).
 */
export async function startSandboxServer(args: readonly string[] = []): Promise<SandboxServer> {
  const dataDir = await createTestDataDir();
  const folders = ["--data-dir", dataDir, "--cache-dir", TEST_SANDBOX_CACHE_DIR];
  const sandbox = startProcess("sandbox", ["--import", "tsx", "sandbox/main.ts", "--port", "0", ...folders, ...args], {
    afterExit: () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const stop = () => sandbox.stop();
  try {
    const match = await waitForOutput(sandbox, /listening on (http:\/\/[^\s]+)/, 120_000);
    return { url: match[1] ?? "", stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function hasProductionBuild(): boolean {
  return existsSync(".next/BUILD_ID");
}

export interface DashboardOptions {
  sandboxUrl: string;
  /** Shared by every dashboard of a run, so a session cookie from one is valid on the others, as behind a balancer. */
  authSecret: string;
  /** More environment for the dashboard (DIMO_RATE_LIMITS, say). */
  env?: Record<string, string>;
  /** A port chosen beforehand (one the sandbox already knows as a redirect URI's); a free one otherwise. */
  port?: number;
}

/**
 * For a dashboard reached through one proxy that appends the address it saw to X-Forwarded-For (the round-robin
 * proxy), or through a client that plays that proxy to sign in from many addresses (the load bench).
 */
export const BEHIND_ONE_PROXY = { TRUSTED_PROXY_HOPS: "1" } as const;

export const newAuthSecret = () => randomBytes(32).toString("base64url");

/** `next start` of the production build, pointed at the sandbox like the browser tests' dashboard. */
export async function startDashboard({
  sandboxUrl,
  authSecret,
  env: extraEnv = {},
  port: chosenPort,
}: DashboardOptions): Promise<DashboardServer> {
  const port = chosenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "dimo-bench-dashboard-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DIMO_ENV: "sandbox",
    ...sandboxEnv(sandboxUrl),
    NEXTAUTH_URL: url,
    AUTH_SECRET: authSecret,
    SANDBOX_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    ...extraEnv,
  };
  const dashboard = startProcess(
    `dashboard :${port}`,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env,
      afterExit: () => rmSync(dataDir, { recursive: true, force: true }),
    },
  );
  const stop = () => dashboard.stop();
  try {
    await waitForHttp(`${url}/login`, dashboard, 60_000);
    return { url, process: dashboard, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface SandboxNetwork {
  sandbox: SandboxServer;
  dashboard: DashboardServer;
  /** Stops the dashboard, then the sandbox. */
  stop(): Promise<void>;
}

/**
 * A sandbox started with `sandboxArgs` and one production dashboard on it, as a browser test of its own needs them;
 * the sandbox is stopped again when the dashboard cannot start.
 */
export async function startSandboxNetwork(
  sandboxArgs: readonly string[],
  dashboardEnv: Record<string, string> = {},
): Promise<SandboxNetwork> {
  const sandbox = await startSandboxServer(sandboxArgs);
  const dashboard = await startDashboard({
    sandboxUrl: sandbox.url,
    authSecret: newAuthSecret(),
    env: dashboardEnv,
  }).catch(async (error: unknown) => {
    await sandbox.stop();
    throw error;
  });
  return {
    sandbox,
    dashboard,
    stop: async () => {
      await dashboard.stop();
      await sandbox.stop();
    },
  };
}
