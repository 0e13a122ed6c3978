import { describe, expect, it } from "vitest";
import { shareLinkUrl } from "./link";
import { readSavedShareLinks } from "./records";

const url = shareLinkUrl("https://login.dimo.org", {
  clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
  redirectUri: "https://app.example.com/cb",
  access: { kind: "template", templateId: "2" },
  vehicles: [],
  vehicleMakes: [],
  powertrainTypes: [],
  expirationDate: "2027-01-01T00:00:00.000Z",
  onboarding: [],
  utm: "Template link",
});
const record = (id: string, name: string) =>
  JSON.stringify({ id, name, url, createdAt: "2026-01-01T00:00:00.000Z", createdBy: "0xabc" });

describe("kept share links", () => {
  it("read back newest first, with what each asks read from its URL", () => {
    const views = readSavedShareLinks([record("a", "Older"), record("b", "Newer")]);
    expect(views.map((view) => view.name)).toEqual(["Newer", "Older"]);
    expect(views[0]).toMatchObject({
      privileges: [1, 3, 4, 5, 6],
      templateId: "2",
      expirationDate: "2027-01-01T00:00:00.000Z",
      filters: ["Any of the owner's vehicles"],
    });
  });

  it("leave out a record that no longer reads instead of failing the list", () => {
    expect(readSavedShareLinks(["not json", JSON.stringify({ id: 1 }), record("a", "Kept")]).map((v) => v.id)).toEqual([
      "a",
    ]);
  });
});
