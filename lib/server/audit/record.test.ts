import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedStoreKinds } from "@/test-support/shared-stores";
import { type ChangeInput, appendChange, readChanges, toChangeRecord } from "./record";
import { REDACTED } from "./scrub";

/** The record of changes in the shared store: the same contract on memory and on a real redis-server. */

const { kinds, openRedis } = sharedStoreKinds();

const ADMIN = "0x00000000000000000000000000000000000ad001";
const change = (n: number): ChangeInput => ({
  actor: { address: ADMIN, signedInWith: { via: "dimo", email: "admin@example.com" } },
  role: "admin",
  kind: "webhook.create",
  target: `webhook-${n}`,
  detail: `Created webhook number ${n}`,
});

describe.each(kinds)("the record on %s", (_kind, create) => {
  it("reads back what was recorded, newest first, with who and how they signed in", async () => {
    const { logs } = create();
    await appendChange(logs, toChangeRecord(change(1), new Date("2026-11-01T10:00:00Z")));
    await appendChange(logs, toChangeRecord(change(2), new Date("2026-11-01T11:00:00Z")));
    const kept = await readChanges(logs);
    expect(kept.map((entry) => entry.target)).toEqual(["webhook-2", "webhook-1"]);
    expect(kept[0]).toMatchObject({
      actor: ADMIN,
      via: "dimo",
      email: "admin@example.com",
      role: "admin",
      kind: "webhook.create",
      at: "2026-11-01T11:00:00.000Z",
    });
    expect(new Set(kept.map((entry) => entry.id)).size).toBe(2);
  });

  it("keeps the newest entries up to the cap, even when instances append at once", async () => {
    const { logs } = create();
    const cap = 20;
    // Two instances' worth of concurrent appends: the cap holds after every one of them.
    await Promise.all(Array.from({ length: 60 }, (_, n) => appendChange(logs, toChangeRecord(change(n)), cap)));
    const kept = await readChanges(logs);
    expect(kept).toHaveLength(cap);
    const numbers = kept.map((entry) => Number(entry.target?.split("-")[1]));
    // The oldest were dropped: none of the first forty appended survives.
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(40);
  });

  it("skips an entry that is not a change rather than failing the page", async () => {
    const { logs } = create();
    await logs.append("audit:changes", "not json", 10);
    await appendChange(logs, toChangeRecord(change(3)));
    expect((await readChanges(logs)).map((entry) => entry.target)).toEqual(["webhook-3"]);
  });
});

describe("the record on Redis, shared by two instances", () => {
  it("reads on one instance what the other recorded, under one cap", async () => {
    const prefix = `test:${randomUUID()}:`;
    const [one, two] = [0, 1].map(() => openRedis(prefix));
    if (!one || !two) throw new Error("no stores");
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        appendChange(n % 2 === 0 ? one.logs : two.logs, toChangeRecord(change(n)), 25),
      ),
    );
    const [seenByOne, seenByTwo] = await Promise.all([readChanges(one.logs), readChanges(two.logs)]);
    expect(seenByOne).toHaveLength(25);
    expect(seenByTwo.map((entry) => entry.id)).toEqual(seenByOne.map((entry) => entry.id));
  });
});

describe("a recorded change's size", () => {
  it("cuts a long detail and a long target, so a typed name cannot grow the shared record", () => {
    const entry = toChangeRecord({ ...change(1), target: "t".repeat(5_000), detail: "word ".repeat(5_000) });
    expect(entry.detail).toHaveLength(300);
    expect(entry.detail.endsWith("…")).toBe(true);
    expect(entry.target).toHaveLength(100);
    expect(JSON.stringify(entry).length).toBeLessThan(700);
  });
});

describe("a recorded change holds no secret", () => {
  const privateKey = `0x${randomBytes(32).toString("hex")}`;
  const inboxSecret = randomBytes(24).toString("base64url");
  const verificationToken = randomBytes(16).toString("hex");
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";

  it.each([
    ["an API key's private key", privateKey],
    ["an inbox secret", inboxSecret],
    ["a verification token", verificationToken],
    ["a JWT", jwt],
  ])("drops %s from the detail and the target", (_name, secret) => {
    const entry = toChangeRecord({ ...change(1), target: secret, detail: `made with ${secret} inside` });
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect(entry.detail).toBe(`made with ${REDACTED} inside`);
  });

  it("keeps the ids and words a change is described with", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const words = `Enabled signer 0x00000000000000000000000000000000000ad001 for https://app.example.com/callback`;
    const entry = toChangeRecord({ ...change(1), kind: "license.api-key.enable", target: hash, detail: words });
    expect(entry.target).toBe(hash);
    expect(entry.detail).toBe(words);
    const uuid = randomUUID();
    expect(toChangeRecord({ ...change(1), target: uuid, detail: "my-production-license-alias-2026" })).toMatchObject({
      target: uuid,
      detail: "my-production-license-alias-2026",
    });
  });
});
