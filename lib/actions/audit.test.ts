import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { getServerSecret } from "@/lib/config/server-secret";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { openApiKey } from "@/lib/dimo/api-keys/sealed-key";
import { inboxTarget } from "@/lib/server/inbox";
import { getStores } from "@/lib/store";
import { readChanges } from "@/lib/server/audit/record";
import { ownerSends } from "@/test-support/license-wallet";
import { setUpSandbox } from "@/test-support/sandbox";
import { recordLicenseTransactionAction } from "./audit";
import { rotateInboxSecretAction } from "./inbox";
import { createApiKeyAction } from "./license";

/**
 * License transactions in the record of changes, against the sandbox's real chain: the owner's wallet sends a change
 * (as the License page's wallet does), the page names its hash, and the server records what the chain says.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const OWNER: DashboardSession = {
  address: DEMO_LICENSE.owner.address.toLowerCase() as `0x${string}`,
  role: "owner",
  signedInWith: { via: "wallet" },
};
const ADMIN: DashboardSession = { address: "0x27f6080ccb790a07e32482e1165b55a698f4437c", role: "admin" };

const suite = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  await suite.control.reset();
  auth.session = OWNER;
});

const recordedFor = async (hash: string) => (await readChanges()).filter((entry) => entry.target === hash);

describe("recording a license transaction", () => {
  it("records a rename the owner's wallet made, with who, once however often it is named", async () => {
    const alias = `Fleet ${randomUUID().slice(0, 8)}`;
    const hash = await ownerSends(suite.url, { functionName: "setLicenseAlias", args: [alias] });

    expect(await recordLicenseTransactionAction({ hash })).toEqual({ ok: true, data: { recorded: 1 } });
    expect(await recordLicenseTransactionAction({ hash: hash.toUpperCase().replace("0X", "0x") })).toEqual({
      ok: true,
      data: { recorded: 0 },
    });
    const recorded = await recordedFor(hash);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: "license.rename",
      actor: OWNER.address,
      via: "wallet",
      role: "owner",
      detail: `Renamed the license to "${alias}"`,
    });
  });

  it("records a redirect URI enabled and the signer disabled, each as its own kind", async () => {
    const uri = `https://app-${randomUUID().slice(0, 8)}.example.com/callback`;
    const enabled = await ownerSends(suite.url, { functionName: "setRedirectUri", args: [true, uri] });
    const disabled = await ownerSends(suite.url, {
      functionName: "disableSigner",
      args: [DEMO_LICENSE.apiKeySigner as `0x${string}`],
    });
    expect(await recordLicenseTransactionAction({ hash: enabled })).toMatchObject({ ok: true, data: { recorded: 1 } });
    expect(await recordLicenseTransactionAction({ hash: disabled })).toMatchObject({ ok: true, data: { recorded: 1 } });
    expect(await recordedFor(enabled)).toEqual([
      expect.objectContaining({ kind: "license.redirect-uri.enable", detail: `Enabled the redirect URI ${uri}` }),
    ]);
    expect(await recordedFor(disabled)).toEqual([
      expect.objectContaining({
        kind: "license.api-key.disable",
        detail: expect.stringMatching(new RegExp(DEMO_LICENSE.apiKeySigner, "i")),
      }),
    ]);
  });

  it("refuses a transaction another wallet sent, a hash the chain has not mined, and a malformed hash", async () => {
    const hash = await ownerSends(suite.url, {
      functionName: "setLicenseAlias",
      args: [`Fleet ${randomUUID().slice(0, 8)}`],
    });
    auth.session = ADMIN;
    expect(await recordLicenseTransactionAction({ hash })).toEqual({
      ok: false,
      error: expect.objectContaining({ message: "That transaction was not sent by the signed-in wallet." }),
    });
    auth.session = OWNER;
    expect(await recordLicenseTransactionAction({ hash: `0x${"12".repeat(32)}` })).toEqual({
      ok: false,
      error: expect.objectContaining({ retryable: true, message: expect.stringContaining("no mined transaction") }),
    });
    expect(await recordLicenseTransactionAction({ hash: "0x1234" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
    expect(await recordedFor(hash)).toEqual([]);
  });

  it("refuses without a session, and a viewer", async () => {
    auth.session = null;
    expect(await recordLicenseTransactionAction({ hash: `0x${"12".repeat(32)}` })).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED" },
    });
    auth.session = { address: OWNER.address, role: "viewer" };
    expect(await recordLicenseTransactionAction({ hash: `0x${"12".repeat(32)}` })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
  });
});

describe("the record of changes that made secrets", () => {
  it("holds neither the API key the server made nor the inbox's new secret and token", async () => {
    const made = await createApiKeyAction();
    if (!made.ok) throw new Error(made.error.message);
    const { signer } = made.data;
    const hash = await ownerSends(suite.url, { functionName: "enableSigner", args: [signer] });
    expect(await recordLicenseTransactionAction({ hash })).toMatchObject({ ok: true, data: { recorded: 1 } });
    expect(await rotateInboxSecretAction()).toMatchObject({ ok: true });

    const stored = JSON.parse(
      String(await getStores().keyValue.get(`api-keys:${DEMO_LICENSE.clientId.toLowerCase()}`)),
    ) as { signer: string; sealed: string }[];
    const sealed = stored.find((key) => key.signer === signer)?.sealed ?? "";
    const privateKey = openApiKey(sealed, getServerSecret(), { clientId: DEMO_LICENSE.clientId, signer }) ?? "";
    const inbox = await inboxTarget();
    const secrets = [
      privateKey,
      privateKey.slice(2),
      sealed,
      inbox.url.split("/").at(-1) ?? "",
      inbox.verificationToken,
    ];
    expect(secrets.every((secret) => secret.length >= 32)).toBe(true);

    const record = await readChanges();
    const kinds = record.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(["license.api-key.create", "license.api-key.enable", "inbox.rotate"]));
    const text = JSON.stringify(record).toLowerCase();
    for (const secret of secrets) expect(text).not.toContain(secret.toLowerCase());
  });
});
