import Database from "better-sqlite3";
import { type JWTPayload } from "jose";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type PrivilegeId } from "@/lib/protocol";
import { sandboxControl, type SandboxControl } from "@/sandbox/control-client";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { loadSigningKey, type KeyService } from "@/sandbox/keys/signing-keys";
import { signJwt } from "@/sandbox/keys/tokens";
import { DATABASE_FILE, type RunningSandbox } from "@/sandbox/server";
import { sandboxEnv } from "./sandbox-env";
import { startTestSandbox, type TestSandboxOptions } from "./sandbox-template";
import { type SandboxServer, startSandboxServer } from "./servers";

/**
 * The one sandbox harness for Vitest files: a fresh test sandbox per file, its control client (usable at once, at
 * module level), and cached tokens (each test still gets fresh ones after a reset, since the cache is keyed per
 * sandbox and cleared on demand). With `pointApp`, the app's own process-wide DIMO client (getDimoClient, and so
 * every guarded function) is pointed at it through the environment for the file, which must happen before that
 * client is first used.
 */
export interface SandboxSuite {
  readonly sandbox: RunningSandbox;
  readonly url: string;
  readonly control: SandboxControl;
  developerJwt(): Promise<string>;
  vehicleJwt(tokenId: number, privileges: readonly PrivilegeId[]): Promise<string>;
  /** Forget cached tokens (after moving the clock, for instance). */
  forgetTokens(): void;
  /** Signs arbitrary claims with one of the sandbox's own keys, read from its database. */
  signWithSandboxKey(service: KeyService, claims: JWTPayload): Promise<string>;
}

export function setUpSandbox({
  pointApp = false,
  ...options
}: TestSandboxOptions & { pointApp?: boolean } = {}): SandboxSuite {
  let sandbox: RunningSandbox | undefined;
  let developer: Promise<string> | undefined;
  const vehicles = new Map<string, Promise<string>>();
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
    if (pointApp) Object.assign(process.env, sandboxEnv(sandbox.url));
  });
  afterAll(async () => {
    if (pointApp) process.env = savedEnv;
    await sandbox?.close();
  });

  const running = () => {
    if (!sandbox) throw new Error("the test sandbox has not started");
    return sandbox;
  };

  return {
    control: sandboxControl(() => running().url),
    get sandbox() {
      return running();
    },
    get url() {
      return running().url;
    },
    developerJwt() {
      developer ??= getDeveloperJwt(running().url);
      return developer;
    },
    async vehicleJwt(tokenId, privileges) {
      const key = `${tokenId}:${privileges.join(",")}`;
      let token = vehicles.get(key);
      if (!token) {
        token = getVehicleJwt(running().url, await this.developerJwt(), tokenId, privileges);
        vehicles.set(key, token);
      }
      return token;
    },
    forgetTokens() {
      developer = undefined;
      vehicles.clear();
    },
    async signWithSandboxKey(service, claims) {
      const db = new Database(join(running().dataDir, DATABASE_FILE), { readonly: true });
      try {
        return await signJwt(loadSigningKey(db, service), claims);
      } finally {
        db.close();
      }
    },
  };
}

/** GET/POST helpers that return the status, headers and parsed JSON (or text) of a sandbox answer. */
export async function request(
  url: string,
  init: RequestInit & { bearer?: string; json?: unknown } = {},
): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
  const headers = new Headers(init.headers);
  if (init.bearer) headers.set("authorization", `Bearer ${init.bearer}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const response = await fetch(url, { ...init, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/**
 * A sandbox in a process of its own, as DIMO's services run, for a Vitest file whose timing matters (rate windows, a
 * bench): in the test's own process, its clock would stall with the client's work and the arrival times it limits by
 * would bunch. The app's DIMO client is pointed at it, with `env` beside, for the file; that must happen before the
 * client is first used.
 */
export function setUpSandboxProcess({
  args = [],
  env = {},
}: { args?: readonly string[]; env?: Record<string, string> } = {}): { control: SandboxControl } {
  let server: SandboxServer | undefined;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    server = await startSandboxServer(args);
    Object.assign(process.env, sandboxEnv(server.url), env);
  }, 180_000);
  afterAll(async () => {
    process.env = savedEnv;
    await server?.stop();
  });
  return {
    control: sandboxControl(() => {
      if (!server) throw new Error("the sandbox has not started");
      return server.url;
    }),
  };
}
