import { describe, expect, it } from "vitest";
import { AppFailure } from "@/lib/result";
import { parseShareLinkUrl } from "@/lib/share-links";
import { createMemoryStores } from "@/lib/store/memory";
import {
  type SaveContext,
  type ShareLinkSettings,
  listShareLinksIn,
  saveShareLinkIn,
  shareLinkInput,
} from "./share-links";

const SETTINGS: ShareLinkSettings = {
  loginUrl: "http://127.0.0.1:4455/login",
  clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
  licenseName: "Sandbox demo license",
  redirectUris: ["http://localhost:3000", "http://localhost:3000/share/landing"],
  landingUrl: "http://localhost:3000/share/landing",
};
const NOW = new Date("2026-03-01T12:00:00.000Z");

function contextFor(logs = createMemoryStores().logs, overrides: Partial<SaveContext> = {}): SaveContext {
  return { logs, settings: SETTINGS, now: NOW, by: "0xabc", id: "link-1", ...overrides };
}

const input = (overrides: Record<string, unknown> = {}) =>
  shareLinkInput.parse({
    name: "Spring BEVs",
    redirectUri: SETTINGS.landingUrl,
    access: { kind: "privileges", privileges: [1, 4] },
    vehicles: [],
    vehicleMakes: ["Tesla "],
    powertrainTypes: ["BEV"],
    expirationDate: "2027-03-01T12:00:00.000Z",
    onboarding: [],
    ...overrides,
  });

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppFailure) return error.message;
    throw error;
  }
  throw new Error("the link was kept");
}

describe("keeping a share link", () => {
  it("builds it with the license's client id and login, names it as its utm, and lists it", async () => {
    const context = contextFor();
    const saved = await saveShareLinkIn(context, input());
    expect(saved).toMatchObject({
      id: "link-1",
      name: "Spring BEVs",
      createdAt: NOW.toISOString(),
      createdBy: "0xabc",
      privileges: [1, 4],
      templateId: null,
      expirationDate: "2027-03-01T12:00:00.000Z",
      filters: ["Makes: Tesla", "Powertrains: Battery electric (BEV)"],
    });
    const parsed = parseShareLinkUrl(saved.url);
    expect(parsed.ok && parsed.loginUrl).toBe(SETTINGS.loginUrl);
    expect(parsed.ok && parsed.link).toMatchObject({ clientId: SETTINGS.clientId, utm: "Spring BEVs" });
    expect(await listShareLinksIn(context.logs, SETTINGS.clientId)).toEqual([saved]);
  });

  it("lists the newest first, per license", async () => {
    const logs = createMemoryStores().logs;
    await saveShareLinkIn(contextFor(logs), input({ name: "First" }));
    await saveShareLinkIn(contextFor(logs, { id: "link-2" }), input({ name: "Second" }));
    expect((await listShareLinksIn(logs, SETTINGS.clientId)).map((link) => link.name)).toEqual(["Second", "First"]);
    expect(await listShareLinksIn(logs, "0x0000000000000000000000000000000000000001")).toEqual([]);
  });

  it("refuses, in words and keeping nothing, a link DIMO's login would refuse", async () => {
    const context = contextFor();
    const message = await refusal(
      saveShareLinkIn(
        context,
        input({
          access: { kind: "privileges", privileges: [] },
          expirationDate: "2025-01-01T00:00:00.000Z",
          redirectUri: "http://localhost:3000/elsewhere",
        }),
      ),
    );
    expect(message).toContain("is not registered for the license");
    expect(message).toContain("Choose at least one permission");
    expect(message).toContain("The expiry is in the past");
    expect(await listShareLinksIn(context.logs, SETTINGS.clientId)).toEqual([]);
  });

  it("refuses a second link of the same name, and a name that DIMO would misread", async () => {
    const context = contextFor();
    await saveShareLinkIn(context, input());
    expect(await refusal(saveShareLinkIn({ ...context, id: "link-2" }, input()))).toBe(
      "A link named Spring BEVs exists already: give this one another name, so their vehicles can be told apart.",
    );
    expect(await refusal(saveShareLinkIn(context, input({ name: "a=b" })))).toContain('cannot hold "=" or "&"');
  });

  it("takes each text and list up to its limit and refuses one more", () => {
    const accepts = (overrides: Record<string, unknown>) =>
      shareLinkInput.safeParse({
        name: "Spring BEVs",
        redirectUri: SETTINGS.landingUrl,
        access: { kind: "privileges", privileges: [1] },
        vehicles: [],
        vehicleMakes: [],
        powertrainTypes: [],
        expirationDate: "2027-03-01T12:00:00.000Z",
        onboarding: [],
        ...overrides,
      }).success;
    const texts = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`);
    const limits: [string, (count: number) => unknown, number][] = [
      ["name", (count) => "x".repeat(count), 200],
      ["redirectUri", (count) => "x".repeat(count), 2000],
      ["expirationDate", (count) => "x".repeat(count), 40],
      ["access", (count) => ({ kind: "template", templateId: "1".repeat(count) }), 10],
      ["access", (count) => ({ kind: "privileges", privileges: Array.from({ length: count }, () => 1) }), 8],
      ["vehicles", (count) => Array.from({ length: count }, (_, index) => index + 1), 500],
      ["vehicleMakes", texts, 100],
      ["vehicleMakes", (count) => ["x".repeat(count)], 100],
      ["powertrainTypes", texts, 10],
      ["powertrainTypes", (count) => ["x".repeat(count)], 10],
      ["onboarding", texts, 20],
      ["onboarding", (count) => ["x".repeat(count)], 100],
    ];
    for (const [field, value, limit] of limits) {
      expect(accepts({ [field]: value(limit) }), `${field} at ${limit}`).toBe(true);
      expect(accepts({ [field]: value(limit + 1) }), `${field} at ${limit + 1}`).toBe(false);
    }
  });

  it("refuses input of the wrong shape with a sentence", () => {
    const result = shareLinkInput.safeParse({ name: "x", access: { kind: "privileges", privileges: [9] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/must be text|privilege number/);
  });
});
