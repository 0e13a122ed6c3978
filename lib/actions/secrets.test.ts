import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { describeError } from "@/lib/dimo/describe-error";
import { listActivity } from "@/lib/dimo/activity";
import { sandboxConfig, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { listTripsPage } from "@/lib/server/trips";
import { GET as offersRoute } from "@/app/api/vehicles/[tokenId]/offers/route";
import { GET as valuationRoute } from "@/app/api/vehicles/[tokenId]/valuation/route";
import { requestInstantOfferAction } from "./valuation";
import { getVehicleAccess, listSharedVehicles } from "@/lib/server/vehicles";
import { describeTokens } from "@/lib/server/tokens";

/**
 * A run with successes and failures of every kind, watched from outside: every token the services issue and every
 * signature the client sends are collected off the wire, then looked for in everything a person or a log could see.
 */

type Route = (request: Request, context: { params: Promise<{ tokenId: string }> }) => Promise<Response>;

/** A route's whole answer as the browser gets it: whether it succeeded, its status and its body. */
async function answer(route: Route, tokenId: number, path: string) {
  const response = await route(new Request(`http://localhost:3000/api/vehicles/${tokenId}/${path}`), {
    params: Promise.resolve({ tokenId: String(tokenId) }),
  });
  return { ok: response.ok, status: response.status, body: await response.text() };
}

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const sandbox = setUpSandbox({ pointApp: true });
const realFetch = globalThis.fetch;
const issued = new Set<string>();
const logged: string[] = [];
const visible: unknown[] = [];

function collectTokens(value: unknown) {
  if (typeof value !== "object" || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (["access_token", "id_token", "token"].includes(key) && typeof inner === "string") issued.add(inner);
  }
}

beforeAll(() => {
  // Pass every request through, noting the secrets that cross the wire.
  globalThis.fetch = async (input, init) => {
    if (typeof init?.body === "string") {
      const signature = new URLSearchParams(init.body).get("signature");
      if (signature) issued.add(signature);
    }
    const response = await realFetch(input, init);
    const text = await response.clone().text();
    try {
      collectTokens(JSON.parse(text));
    } catch {
      // Not JSON: no token in it.
    }
    return response;
  };
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
});

afterAll(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

describe("secrets", () => {
  it("appear in no log line, no error message, no activity entry, no action result and no route's answer", async () => {
    const { control } = sandbox;
    auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
    const results: unknown[] = [];
    const run = async (call: () => Promise<unknown>) => results.push(await call());

    await run(() => listSharedVehicles());
    await run(() => getVehicleAccess({ tokenId: 21957 }));
    await run(() => listTripsPage({ tokenId: 21957, page: 1 }));
    await run(() => listTripsPage({ tokenId: 20311, page: 1 }));
    await run(() => answer(valuationRoute, 20777, "valuation"));
    await run(() => listTripsPage({ tokenId: 10420, page: 1 }));
    await run(() => answer(valuationRoute, 987654321, "valuation"));
    await control.injectFault({
      method: "GET",
      path: "/trips/v1/vehicle/*/trips",
      status: 401,
      body: "Invalid or expired JWT",
      times: 1,
    });
    await run(() => listTripsPage({ tokenId: 21957, page: 2 }));
    await control.injectFault({
      method: "POST",
      path: "/token-exchange/v1/tokens/exchange",
      status: 401,
      body: "Invalid or expired JWT",
      times: 1,
    });
    await run(() => listTripsPage({ tokenId: 18234, page: 1 }));
    await control.injectFault({ method: "GET", path: "/valuations/v1/vehicles/*/offers", status: 503, times: 0 });
    await run(() => answer(offersRoute, 21957, "offers"));
    await control.clearFaults();
    await control.injectFault({
      method: "POST",
      path: "/valuations/v1/vehicles/*/instant-offer",
      status: 503,
      times: 1,
    });
    await run(() => requestInstantOfferAction({ tokenId: 21957 }));
    await run(() => requestInstantOfferAction({ tokenId: 21957 }));
    await run(() => listTripsPage({ tokenId: -1, page: 1 }));
    await run(() => describeTokens());
    auth.session = null;
    await run(() => listTripsPage({ tokenId: 21957, page: 1 }));

    // A client with the wrong key: the sandbox refuses its signature.
    const wrongKey = `0x${"5a".repeat(32)}` as const;
    const config = sandboxConfig(sandbox.url);
    const { client, activity } = testClient(sandbox.url, {
      config: { ...config, license: { ...config.license, apiKey: wrongKey } },
    });
    const refused = await client.listTrips(21957, 1).catch((error: unknown) => error);
    results.push(
      describeError(refused),
      refused instanceof Error ? [refused.message, JSON.stringify(refused)] : refused,
    );
    visible.push(activity);

    // Refusals come back as failed results or error statuses; an instant offer that DIMO failed, as a request whose
    // status says so.
    const failedRequest = (r: { ok: boolean; data?: unknown }) =>
      r.ok && typeof r.data === "object" && r.data !== null && (r.data as { status?: unknown }).status === "failed";
    const failures = results.filter(
      (r) =>
        typeof r === "object" &&
        r !== null &&
        "ok" in r &&
        (r.ok === false || failedRequest(r as { ok: boolean; data?: unknown })),
    );
    expect(failures.length).toBeGreaterThanOrEqual(8);
    // Developer JWTs, Vehicle JWTs of three vehicles and the signatures (tokens minted in the same second with the
    // same claims are identical, so the set is smaller than the number of requests).
    expect(issued.size).toBeGreaterThanOrEqual(6);

    const haystack = JSON.stringify([results, visible, listActivity(), logged]).toLowerCase();
    // Each whole token, and each token's signature on its own, in case part of one were printed.
    const jwtSignatures = [...issued].map((t) => t.split(".")[2] ?? "").filter((part) => part.length > 20);
    const secrets = [DEMO_LICENSE.apiKey, DEMO_LICENSE.apiKey.slice(2), wrongKey.slice(2), ...issued, ...jwtSignatures];
    for (const secret of secrets)
      expect(haystack.includes(secret.toLowerCase()), `leaked ${secret.slice(0, 12)}…`).toBe(false);
    // The run did produce output to search: activity entries and error messages.
    expect(listActivity().length).toBeGreaterThan(10);
    expect(haystack).toContain("privilege 4");
  });
});
