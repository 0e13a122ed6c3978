import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { GUARDED } from "@/lib/server/guard";
import { setUpSandbox } from "@/test-support/sandbox";

/**
 * Server actions and route handlers are public endpoints: each must refuse a caller without a session before it does
 * anything. Found by file rather than listed by hand, so an endpoint added later is covered without anyone
 * remembering to add it here. The only public ones are the sign-in's own and the health check, named below with the
 * reason.
 */

vi.mock("@/lib/auth/session", () => ({ getSession: async () => null, requireSession: async () => null }));

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
