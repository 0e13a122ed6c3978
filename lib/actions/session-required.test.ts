import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DashboardSession } from "@/lib/auth/session";
import { GUARDED, type Guarded } from "@/lib/server/guard";
import { setUpSandbox } from "@/test-support/sandbox";

/**
 * Server actions and route handlers are public endpoints: each must refuse a caller without a session before it does
 * anything. Found by file rather than listed by hand, so an endpoint added later is covered without anyone
 * remembering to add it here. The only public ones are the sign-in's own and the health check, named below with the
 * reason.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({
  getSession: async () => auth.session,
  requireSession: async () => auth.session,
}));

/** A viewer: signed in, and refused every change. */
const VIEWER: DashboardSession = {
  address: "0x7777777777777777777777777777777777777777",
  role: "viewer",
  signedInWith: { via: "wallet" },
  id: "viewer-session-0001",
  endsAtMs: Date.now() + 3_600_000,
};
/** The routes that change something (or hand out what a viewer may not have); every other route is a read. */
const CHANGING_ROUTES = new Set(["/app/api/webhooks/trial/route.ts"]);

const root = path.resolve(__dirname, "../..");
const PUBLIC_ACTIONS: Record<string, string> = {
  "./sign-in.ts": "the demo wallet signs a sign-in message before there is a session (sandbox mode only)",
};
const PUBLIC_ROUTES: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts": "next-auth's own sign-in, session and sign-out endpoints",
  "app/api/sign-in/nonce/route.ts": "a wallet needs a nonce before it can sign in",
  "app/api/sign-in/dimo/route.ts": "Sign in with DIMO starts here, before there is a session (it stores nothing)",
  "app/(auth)/login/dimo/route.ts": "DIMO's login sends the person back here with the token that signs them in",
  "app/api/health/route.ts": "a load balancer's liveness check: it answers { ok: true } and reads nothing",
  "app/(dashboard)/share/landing/route.ts":
    "DIMO's login sends an owner back here after sharing; it reads and stores nothing, drops the owner's token and passes on to the summary page, which asks for a session",
  "app/api/inbox/[secret]/route.ts":
    "DIMO posts webhook deliveries here with no credentials; the unguessable secret in the path is the inbox's guard",
};

const actionModules = import.meta.glob<Record<string, unknown>>("./*.ts");
const serverModules = import.meta.glob<Record<string, unknown>>("/lib/server/*.ts");
// Every route handler of the app, wherever it sits (the DIMO login callback is /login/dimo, outside /api).
const routeModules = import.meta.glob<Record<string, unknown>>("/app/**/route.ts");

const isServerActionFile = (file: string) =>
  /^\s*["']use server["']/.test(readFileSync(path.resolve(__dirname, file), "utf8"));
const actionFiles = Object.keys(actionModules).filter(
  (file) => !file.endsWith(".test.ts") && isServerActionFile(file) && !(file in PUBLIC_ACTIONS),
);
const serverFiles = Object.keys(serverModules).filter((file) => !file.endsWith(".test.ts"));
const routeFiles = Object.keys(routeModules).filter((file) => !(file.slice(1) in PUBLIC_ROUTES));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(() => {
  auth.session = null;
});

type Call = (input: unknown) => Promise<unknown>;

async function exportsOf(load: (() => Promise<Record<string, unknown>>) | undefined, file: string) {
  if (!load) throw new Error(`cannot load ${file}`);
  return Object.entries(await load()).filter((entry): entry is [string, Call] => typeof entry[1] === "function");
}

/** Plausible input, so that only the missing session can be the reason for a refusal. */
const PLAUSIBLE = { tokenId: 21957, page: 1, kind: "developer", format: "csv" };

describe("every server action refuses a caller without a session, with no upstream call", () => {
  it("finds the action files", () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(2);
  });

  for (const file of actionFiles) {
    it(file, async () => {
      const exports = await exportsOf(actionModules[file], file);
      expect(exports.length).toBeGreaterThan(0);
      for (const [name, action] of exports) {
        // Every action is built with guarded(), so that none can skip the session check.
        expect(GUARDED in action, `${name} is built with guarded()`).toBe(true);
        expect(await action(PLAUSIBLE), name).toEqual({
          ok: false,
          error: expect.objectContaining({ code: "UNAUTHENTICATED" }),
        });
      }
      expect((await control.stats()).total).toBe(0);
    });
  }
});

describe("every guarded server read refuses a caller without a session, with no upstream call", () => {
  it("finds the guarded reads", async () => {
    let found = 0;
    for (const file of serverFiles)
      found += (await exportsOf(serverModules[file], file)).filter(([, f]) => GUARDED in f).length;
    expect(found).toBeGreaterThanOrEqual(5);
  });

  for (const file of serverFiles) {
    it(file, async () => {
      for (const [name, read] of (await exportsOf(serverModules[file], file)).filter(([, f]) => GUARDED in f)) {
        expect(await read(PLAUSIBLE), name).toEqual({
          ok: false,
          error: expect.objectContaining({ code: "UNAUTHENTICATED" }),
        });
      }
      expect((await control.stats()).total).toBe(0);
    });
  }
});

describe("every route handler refuses a caller without a session, with no upstream call", () => {
  it("finds the route handlers, and every public one is accounted for", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(3);
    for (const file of Object.keys(PUBLIC_ROUTES)) {
      expect(readFileSync(path.join(root, file), "utf8")).toMatch(/export/);
      expect(`/${file}` in routeModules, `${file} is found by the inventory`).toBe(true);
    }
  });

  it("the health check answers without a session, says nothing but that it is up, and calls nothing upstream", async () => {
    const health = routeModules["/app/api/health/route.ts"];
    if (!health) throw new Error("cannot load app/api/health/route.ts");
    const exports = await health();
    expect(Object.keys(exports).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name))).toEqual(["GET"]);
    const response = await (exports.GET as () => Response | Promise<Response>)();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await control.stats()).total).toBe(0);
  });

  for (const file of routeFiles) {
    it(file, async () => {
      const load = routeModules[file];
      if (!load) throw new Error(`cannot load ${file}`);
      const handlers = Object.entries(await load()).filter(([method]) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(method));
      expect(handlers.length).toBeGreaterThan(0);
      for (const [method, handler] of handlers) {
        const request = new Request("http://localhost:3000/api/any?page=1&format=csv", { method });
        const response = (await (handler as (r: Request, c: unknown) => Promise<Response>)(request, {
          params: Promise.resolve({ tokenId: "21957" }),
        })) as Response;
        expect(response.status, `${method} ${file}`).toBe(401);
      }
      expect((await control.stats()).total).toBe(0);
    });
  }
});

const VIEWER_REFUSED = {
  ok: false,
  error: expect.objectContaining({ code: "FORBIDDEN", message: expect.stringMatching(/Viewers/) }),
};
const forViewers = (f: Call) => (f as unknown as Guarded<unknown, unknown>).forViewers;

describe("every server action refuses a viewer, with no upstream call", () => {
  for (const file of actionFiles) {
    it(file, async () => {
      auth.session = VIEWER;
      for (const [name, action] of await exportsOf(actionModules[file], file)) {
        // Every action changes something, or hands out what a viewer may not have.
        expect(forViewers(action), `${name} is marked as a change`).toBe("refused");
        expect(await action(PLAUSIBLE), name).toEqual(VIEWER_REFUSED);
      }
      expect((await control.stats()).total).toBe(0);
    });
  }
});

describe("as a viewer, every changing route handler answers 403 and every reading one answers", () => {
  for (const file of routeFiles) {
    it(file, async () => {
      auth.session = VIEWER;
      const load = routeModules[file];
      if (!load) throw new Error(`cannot load ${file}`);
      const handlers = Object.entries(await load()).filter(([method]) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(method));
      for (const [method, handler] of handlers) {
        const request = new Request("http://localhost:3000/api/any?page=1&format=csv", { method });
        const response = (await (handler as (r: Request, c: unknown) => Promise<Response>)(request, {
          params: Promise.resolve({ tokenId: "21957" }),
        })) as Response;
        if (CHANGING_ROUTES.has(file)) {
          expect(response.status, `${method} ${file}`).toBe(403);
          expect(await response.text()).toMatch(/Viewers can look but not change/);
        } else {
          // A read may still fail on its own (a privilege the grant lacks is a 403 too), but never for the role.
          const body = response.status === 403 ? await response.text() : (await response.body?.cancel(), "");
          expect(response.status, `${method} ${file} answers a viewer`).not.toBe(401);
          expect(body, `${method} ${file} answers a viewer`).not.toMatch(/Viewers can look/);
        }
      }
    });
  }
});

describe("every guarded server read is open to a viewer, but the trial", () => {
  it("marks only the webhook trial as refused to viewers", async () => {
    const refused: string[] = [];
    for (const file of serverFiles)
      for (const [name, read] of (await exportsOf(serverModules[file], file)).filter(([, f]) => GUARDED in f))
        if (forViewers(read) === "refused") refused.push(name);
    expect(refused).toEqual(["tryWebhookOnHistory"]);
  });
});
