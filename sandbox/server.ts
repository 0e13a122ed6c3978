import { type AddressInfo } from "node:net";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, relative, resolve, isAbsolute } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { type Hono } from "hono";
import { createApp } from "./app";
import { createContext } from "./context";
import { startSandboxChain } from "./chain/local-chain";
import { DEMO_LICENSE, SANDBOX_DEFAULT_PORT, demoLandingRedirectUris, loginRedirectUriFor } from "@/lib/demo-license";
import { FLEET_SIZE_META_KEY } from "./seed/fleet";
import { seedDatabaseFile, seedFleet } from "./seed/seed-database";
import { SEED_VERSION } from "./seed/version";
import { openDatabase, readMeta } from "./store/database";
import { DEFAULT_INSTANT_OFFER_DELAY_MS, type SandboxProfile } from "./profile";

export interface SandboxStartOptions {
  /** 0 picks a free port. Default 4455. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where sandbox.db lives. Default `.sandbox` under the working directory. */
  dataDir?: string;
  /** Throw the data away and seed afresh, the chain too. */
  reset?: boolean;
  /**
   * Go on with the chain the last start left in the data folder (the command line's sandbox does), unless the contract
   * or its seed changed since. Otherwise each start begins from the seeded chain. Default false.
   */
  keepChain?: boolean;
  /** Where the compiled license contract and the seeded chain are cached. Default: the data folder. */
  cacheDir?: string;
  /** `realistic` behaves like the real network where it differs from the spec (see sandbox/profile.ts). Default `default`. */
  profile?: SandboxProfile;
  /** How long an instant-offer request takes. Default 1500, or 60000 in the `realistic` profile. */
  instantOfferDelayMs?: number;
  /**
   * Limit requests per second per token like the real services (429 with Retry-After). Default off; the `realistic`
   * profile has its own limits whatever this says.
   */
  rateLimit?: boolean;
  /** No start-up line. */
  quiet?: boolean;
  /**
   * More redirect URIs to register for the demo license (Sign in with DIMO from a dashboard on another address,
   * e.g. the browser tests'). `http://localhost:3000/login/dimo`, the dev dashboard's, is always registered.
   */
  redirectUris?: string[];
  /** How many more vehicles to seed, shared with the demo license (see sandbox/seed/fleet.ts). Default 0. */
  fleet?: number;
  /** Whether the live vehicles drive in real time (sandbox/live/). Default true. */
  live?: boolean;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  dataDir: string;
  close(): Promise<void>;
}

export const DATABASE_FILE = "sandbox.db";

function removeDatabase(path: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * Seeds the data folder's database when it is missing, from another seed version, or a reset is asked for. A fleet is
 * added to a database seeded without one (much quicker than seeding it all again); one of another size means a new
 * seed.
 */
function prepareDatabase(dataDir: string, reset: boolean, quiet: boolean, fleetSize: number): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DATABASE_FILE);
  if (!reset && existsSync(path)) {
    const db = openDatabase(path);
    const version = readMeta(db, "seed_version");
    const seededFleet = Number(readMeta(db, FLEET_SIZE_META_KEY) ?? 0);
    const anchorMs = Number(readMeta(db, "anchor_ms"));
    try {
      if (version === String(SEED_VERSION)) {
        if (seededFleet === fleetSize) return path;
        if (seededFleet === 0) {
          seedFleet(db, anchorMs, fleetSize);
          return path;
        }
      }
    } finally {
      db.close();
    }
    if (!quiet) {
      console.log(
        version === String(SEED_VERSION)
          ? `DIMO sandbox: data with a fleet of ${seededFleet} found; seeding afresh with a fleet of ${fleetSize}.`
          : `DIMO sandbox: data from seed version ${version ?? "?"} found; seeding version ${SEED_VERSION}.`,
      );
    }
  }
  removeDatabase(path);
  seedDatabaseFile(path, Date.now(), fleetSize);
  return path;
}

function listen(server: ServerType): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.once("listening", () => {
      server.off("error", onError);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

/** Starts the sandbox: seeds on first start, then serves all five services and the control surface. */
export async function startSandbox(options: SandboxStartOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  const dataDir = resolve(options.dataDir ?? ".sandbox");
  const dbPath = prepareDatabase(dataDir, options.reset ?? false, options.quiet ?? false, options.fleet ?? 0);
  const db = openDatabase(dbPath);
  const profile = options.profile ?? "default";
  // The demo license's login redirect URIs, and beside each its dashboard's share landing page, set on the seeded
  // chain. The same address with and without a trailing "/": DIMO compares them as different strings, so a
  // dashboard configured either way signs in.
  const loginUris = [loginRedirectUriFor(DEMO_LICENSE.redirectUri), ...(options.redirectUris ?? [])];
  const demoRedirectUris = [
    DEMO_LICENSE.redirectUri,
    `${DEMO_LICENSE.redirectUri}/`,
    ...new Set([...loginUris, ...demoLandingRedirectUris(loginUris)]),
  ];
  let chain;
  try {
    chain = await startSandboxChain({
      cacheDir: join(resolve(options.cacheDir ?? dataDir), "chain"),
      dataDir: join(dataDir, "chain"),
      demoRedirectUris,
      fresh: (options.reset ?? false) || !(options.keepChain ?? false),
    });
  } catch (error) {
    db.close();
    throw error;
  }
  const ctx = createContext(
    db,
    {
      profile,
      instantOfferDelayMs: options.instantOfferDelayMs ?? DEFAULT_INSTANT_OFFER_DELAY_MS[profile],
      rateLimit: options.rateLimit ?? false,
      live: options.live ?? true,
    },
    chain,
  );
  // Before the first request: the live vehicles' drives up to now are in the stores.
  ctx.live.start();
  // The app is made once the port is known (port 0 picks one), as the login page answers only at the address it is
  // served at. The listening event and this await's continuation run before the first connection is read.
  const made: { app?: Hono } = {};
  const server = serve({
    fetch: (request, env) => made.app?.fetch(request, env) ?? new Response("Starting.", { status: 503 }),
    port: options.port ?? SANDBOX_DEFAULT_PORT,
    hostname: host,
  });
  let port: number;
  try {
    port = await listen(server);
  } catch (error) {
    ctx.live.stop();
    db.close();
    await chain.close();
    throw error;
  }
  made.app = createApp(ctx, { host, port });
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  if (!options.quiet) {
    const shown = relative(process.cwd(), dbPath);
    const display = shown.startsWith("..") || isAbsolute(shown) ? dbPath : shown;
    const shownProfile = profile === "default" ? "" : `, profile: ${profile}`;
    console.log(`DIMO sandbox listening on ${url} (data: ${display}${shownProfile})`);
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir,
    close() {
      closing ??= new Promise<void>((done) => {
        ctx.delays.close();
        ctx.live.stop();
        server.close(() => {
          db.close();
          void chain.close().then(done, done);
        });
        // Keep-alive connections would hold close() open until they time out.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      return closing;
    },
  };
}
