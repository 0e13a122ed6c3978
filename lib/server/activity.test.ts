import type * as React from "react";
import type * as Config from "@/lib/config";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/developer/activity/route";
import { getAuthOptions } from "@/lib/auth/options";
import { createRevocations } from "@/lib/auth/revocation";
import { ROLE_RECHECK_MS, forgetRoleChecks } from "@/lib/auth/role-check";
import { getAuthSecret } from "@/lib/auth/secret";
import { SESSION_MAX_AGE_SECONDS, encodeSessionToken } from "@/lib/auth/session-claims";
import { newSessionToken, sessionCookieName } from "@/lib/auth/sign-in-session";
import { processActivityLog } from "@/lib/dimo/activity";
import { getStores } from "@/lib/store";
import { HEARTBEAT_MS } from "./activity";

/**
 * The live activity stream against the real session check (cookie, revocation, role): it ends when the session does,
 * whichever way that happens, on a test clock.
 */

const OWNER = "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd";
const ADMIN = "0x2222222222222222222222222222222222222222";

const jar = vi.hoisted(() => {
  process.env.AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
  return { cookies: new Map<string, string>() };
});
const access = vi.hoisted(() => ({ owner: "", admins: [] as string[] }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name) } : undefined),
  }),
}));
// React's request cache needs a server render; in a test each call stands alone.
vi.mock("react", async (original) => ({ ...(await original<typeof React>()), cache: <T>(fn: T) => fn }));
vi.mock("@/lib/auth/license-owner", () => ({ licenseOwner: async () => access.owner }));
// The admin list, as DASHBOARD_ADMINS would give it, changeable while a stream is open.
vi.mock("@/lib/config", async (original) => {
  const actual = await original<typeof Config>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), admins: access.admins }) };
});

const listenerCount = () => processActivityLog().listenerCount;

/** Signs `address` in at `signedInAtMs` (on the test clock) and puts the session cookie in the jar. */
async function signIn(address: string, role: "owner" | "admin", signedInAtMs = Date.now()) {
  const token = newSessionToken(
    { address: address as `0x${string}`, role, signedInWith: { via: "wallet" } },
    signedInAtMs,
  );
  const now = Date.now();
  vi.setSystemTime(signedInAtMs);
  const value = await encodeSessionToken({ token, secret: getAuthSecret() });
  vi.setSystemTime(now);
  jar.cookies.set(sessionCookieName(), value);
  return token;
}

/** Opens the stream and reads up to its snapshot. */
async function openStream() {
  const before = listenerCount();
  const response = await GET(new Request("http://localhost/api/developer/activity"));
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: snapshot")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended before its snapshot");
    text += decoder.decode(value);
  }
  expect(listenerCount()).toBe(before + 1);
  return { reader, decoder, listening: before + 1 };
}

/** Reads the next chunk as text, or "(closed)" once the stream has ended. */
async function nextChunk({ reader, decoder }: Awaited<ReturnType<typeof openStream>>): Promise<string> {
  const { value, done } = await reader.read();
  return done ? "(closed)" : decoder.decode(value);
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.now(), toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  jar.cookies.clear();
  access.owner = OWNER;
  access.admins = [];
  forgetRoleChecks();
});
afterEach(() => vi.useRealTimers());

describe("the live activity stream ends with the session", () => {
  it("keeps going while the session lasts", async () => {
    await signIn(OWNER, "owner");
    const stream = await openStream();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe(": ping\n\n");
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe(": ping\n\n");
    await stream.reader.cancel();
  });

  it("ends within one heartbeat of sign-out", async () => {
    const token = await signIn(OWNER, "owner");
    const stream = await openStream();
    await getAuthOptions().events?.signOut?.({ token, session: null as never });
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe("(closed)");
    expect(listenerCount()).toBe(stream.listening - 1);
  });

  it("ends within one heartbeat of a revocation made by another instance", async () => {
    const token = await signIn(OWNER, "owner");
    const stream = await openStream();
    const otherInstance = createRevocations(getStores());
    try {
      await otherInstance.revokeSession(String(token.sid), Date.now() + 3600_000);
    } finally {
      otherInstance.close();
    }
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe("(closed)");
  });

  it("ends at the session's 12-hour end exactly, not at the next heartbeat", async () => {
    const endsInMs = HEARTBEAT_MS + 5_000;
    // Whole seconds: the session's end is counted from the sign-in second.
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000);
    const signedInAt = Date.now() + endsInMs - SESSION_MAX_AGE_SECONDS * 1000;
    await signIn(OWNER, "owner", signedInAt);
    const stream = await openStream();
    await vi.advanceTimersByTimeAsync(endsInMs - 1);
    expect(await nextChunk(stream)).toBe(": ping\n\n");
    expect(listenerCount()).toBe(stream.listening);
    await vi.advanceTimersByTimeAsync(1);
    expect(listenerCount()).toBe(stream.listening - 1);
    expect(await nextChunk(stream)).toBe("(closed)");
  });

  it("ends within a heartbeat of the role check once the wallet no longer owns the license", async () => {
    await signIn(OWNER, "owner");
    const stream = await openStream();
    access.owner = "0x9999999999999999999999999999999999999999";
    // The role is asked again every ROLE_RECHECK_MS; until then the stream goes on.
    const heartbeatsBefore = ROLE_RECHECK_MS / HEARTBEAT_MS - 1;
    await vi.advanceTimersByTimeAsync(heartbeatsBefore * HEARTBEAT_MS);
    for (let beat = 0; beat < heartbeatsBefore; beat++) expect(await nextChunk(stream)).toBe(": ping\n\n");
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe("(closed)");
  });

  // The activity stream is open to either role; an admin who is no longer listed holds no role, so no session.
  it("ends within one heartbeat once an admin's wallet leaves the admin list", async () => {
    access.admins = [ADMIN];
    await signIn(ADMIN, "admin");
    const stream = await openStream();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe(": ping\n\n");
    access.admins = [];
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(await nextChunk(stream)).toBe("(closed)");
  });
});
