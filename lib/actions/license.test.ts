import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { getServerSecret } from "@/lib/config/server-secret";
import { listActivity } from "@/lib/dimo/activity";
import { openApiKey } from "@/lib/dimo/api-keys/sealed-key";
import { getStores } from "@/lib/store";
import { apiKeyInUse, listApiKeys } from "@/lib/server/api-keys";
import { getDeveloperJwt } from "@/sandbox/flow-client";
import { ownerSends } from "@/test-support/license-wallet";
import { sdkAgainstSandbox, sdkMethod } from "@/test-support/official-sdk";
import { setUpSandbox } from "@/test-support/sandbox";
import { confirmApiKeyAction, createApiKeyAction } from "./license";
import { refreshDeveloperTokenAction } from "./developer";

/**
 * The API key actions against a sandbox and its chain, over real HTTP: the owner's wallet enables a key the server
 * made (a transaction sent here with viem), the server confirms it from the chain and signs DIMO's next challenge
 * with it; an admin is refused; the chain's clock moved 340 days shows the warning.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const OWNER: DashboardSession = { address: DEMO_LICENSE.owner.address.toLowerCase() as `0x${string}`, role: "owner" };
const ADMIN: DashboardSession = { address: "0x27f6080ccb790a07e32482e1165b55a698f4437c", role: "admin" };
const DAY_S = 86_400;

const suite = setUpSandbox({ pointApp: true });
const { control } = suite;

const storedKeys = async () =>
  String(await getStores().keyValue.get(`api-keys:${DEMO_LICENSE.clientId.toLowerCase()}`));

const logged: unknown[][] = [];

beforeAll(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args));
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(async () => {
  await control.reset();
  auth.session = OWNER;
});

describe("the API key actions", () => {
  it("refuse an admin: no key is made, none confirmed", async () => {
    const before = await storedKeys();
    auth.session = ADMIN;
    for (const result of [
      await createApiKeyAction(),
      await confirmApiKeyAction({ signer: DEMO_LICENSE.apiKeySigner }),
    ]) {
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "FORBIDDEN" }) });
    }
    expect(await storedKeys()).toBe(before);
    // An admin still reads which key is in use.
    expect(await apiKeyInUse()).toMatchObject({ ok: true });
  });

  it("rotate without a gap: the new key signs once the chain enables it, then warns 30 days before it expires", async () => {
    const made = await createApiKeyAction();
    if (!made.ok) throw new Error(made.error.message);
    const { signer } = made.data;
    expect(Object.keys(made.data)).toEqual(["signer"]);
    expect(await storedKeys()).not.toMatch(/[0-9a-f]{64}/i);

    // Not enabled yet: refused, and the environment's key still signs.
    expect(await confirmApiKeyAction({ signer })).toEqual({
      ok: false,
      error: expect.objectContaining({ message: expect.stringContaining("does not show the signer") }),
    });
    expect(await apiKeyInUse()).toMatchObject({ ok: true, data: { signer: DEMO_LICENSE.apiKeySigner } });
    expect((await refreshDeveloperTokenAction()).ok).toBe(true);

    await ownerSends(suite.url, { functionName: "enableSigner", args: [signer] });
    const confirmed = await confirmApiKeyAction({ signer });
    expect(confirmed).toMatchObject({
      ok: true,
      data: { signer, source: "dashboard", status: "enabled", inUse: true },
    });

    // With the old signer disabled on the chain, DIMO's (the sandbox's) auth accepts only the new key's challenge.
    await ownerSends(suite.url, { functionName: "disableSigner", args: [DEMO_LICENSE.apiKeySigner] });
    await expect(getDeveloperJwt(suite.url)).rejects.toThrow(/Could not verify signature/);
    expect(await refreshDeveloperTokenAction()).toMatchObject({ ok: true });
    const listed = await listApiKeys();
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.data.map((k) => [k.signer, k.status, k.inUse])).toEqual(
      expect.arrayContaining([
        [signer, "enabled", true],
        [DEMO_LICENSE.apiKeySigner, "disabled", false],
      ]),
    );

    const inUse = await apiKeyInUse();
    if (!inUse.ok) throw new Error(inUse.error.message);
    expect(inUse.data.expiresSoon).toBe(false);
    await control.advanceChainTime(340 * DAY_S);
    expect(await apiKeyInUse()).toMatchObject({
      ok: true,
      data: { signer, expiresSoon: true, expiresAt: inUse.data.expiresAt },
    });

    // The key itself is in no log line and no activity entry: only the server secret opens it.
    const stored = (JSON.parse(await storedKeys()) as { signer: string; sealed: string }[]).find(
      (k) => k.signer === signer,
    );
    const key = openApiKey(String(stored?.sealed), getServerSecret(), { clientId: DEMO_LICENSE.clientId, signer });
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    // DIMO's own SDK, unchanged, signs in with the key the dashboard made, as another client of the license would.
    const sdk = sdkAgainstSandbox("Sandbox-license-key", suite.url);
    const jwt = await sdkMethod<{ headers: { Authorization: string } }>(
      sdk.auth,
      "getDeveloperJwt",
    )({ client_id: DEMO_LICENSE.clientId, domain: DEMO_LICENSE.redirectUri, private_key: String(key).slice(2) });
    expect(decodeJwt(jwt.headers.Authorization.replace(/^Bearer /, "")).aud).toBe(DEMO_LICENSE.clientId);
    const everything = JSON.stringify([logged, listActivity()]).toLowerCase();
    expect(everything).not.toContain(String(key).slice(2));
  });
});
