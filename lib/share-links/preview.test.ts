import { describe, expect, it } from "vitest";
import { encode } from "uqr";
import { type ShareLink } from "./link";
import { accessPrivileges, filterWords, sharePreview } from "./preview";
import { QUIET_ZONE, qrSvg } from "./qr";

const link = (overrides: Partial<ShareLink> = {}): ShareLink => ({
  clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
  redirectUri: "http://localhost:3000/share/landing",
  access: { kind: "privileges", privileges: [4, 1] },
  vehicles: [],
  vehicleMakes: [],
  powertrainTypes: [],
  expirationDate: "2027-03-01T12:00:00.000Z",
  onboarding: [],
  ...overrides,
});

describe("the preview of what the owner is asked", () => {
  it("names the license, each permission in words, the expiry and the filters", () => {
    const preview = sharePreview(link({ vehicleMakes: ["Tesla"], powertrainTypes: ["BEV"] }), "Acme Fleet");
    expect(preview.title).toBe("Acme Fleet asks to access your vehicles.");
    expect(preview.asks).toEqual([
      "See the vehicle's data other than its location, all time",
      "See where the vehicle has been, all time",
    ]);
    expect(preview.expiry).toBe("Until 2027-03-01 12:00 UTC");
    expect(preview.filters).toEqual(["Makes: Tesla", "Powertrains: Battery electric (BEV)"]);
    expect(preview.without.some((sentence) => sentence.startsWith("Without current location:"))).toBe(false);
    expect(preview.without.some((sentence) => sentence.startsWith("Without location history"))).toBe(false);
  });

  it("says what the dashboard will lack without location history", () => {
    const preview = sharePreview(link({ access: { kind: "privileges", privileges: [1] } }), "Acme");
    expect(preview.without.find((sentence) => sentence.startsWith("Without location history:"))).toContain("no trips");
  });

  it("expands a template and names it", () => {
    const preview = sharePreview(link({ access: { kind: "template", templateId: "1" } }), "Acme");
    expect(preview.asks[0]).toBe("Permission template 1: Vehicle data and commands");
    expect(preview.asks).toContain("Send the vehicle commands (lock, unlock and the like)");
    expect(accessPrivileges({ kind: "template", templateId: "2" })).toEqual([1, 3, 4, 5, 6]);
  });

  it("says when DIMO's login would choose the expiry, and when any vehicle may be shared", () => {
    const preview = sharePreview(link({ expirationDate: undefined }), "Acme");
    expect(preview.expiry).toBe("No end given: DIMO's login would choose one");
    expect(preview.filters).toEqual(["Any of the owner's vehicles"]);
    expect(filterWords({ vehicles: [5, 9], vehicleMakes: [], powertrainTypes: [] })).toEqual([
      "Only the vehicles 5, 9",
    ]);
  });
});

describe("the QR code", () => {
  const text =
    "http://127.0.0.1:4455/login/?clientId=0x52D52df587cB2E014Ae81495D88c71c819779923&entryState=VEHICLE_MANAGER";

  it("draws exactly the encoder's dark modules, inside a quiet zone", () => {
    const { data } = encode(text, { ecc: "M", border: 0 });
    const { size, path } = qrSvg(text);
    expect(size).toBe(data.length + 2 * QUIET_ZONE);
    const drawn = new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x + QUIET_ZONE},${y + QUIET_ZONE}`] : [])));
    expect(drawn).toEqual(new Set(dark));
    // A finder pattern's top-left corner is dark, its quiet zone is not.
    expect(drawn.has(`${QUIET_ZONE},${QUIET_ZONE}`)).toBe(true);
    expect([...drawn].some((cell) => cell.split(",").some((n) => Number(n) < QUIET_ZONE))).toBe(false);
  });

  it("differs for another link", () => {
    expect(qrSvg(`${text}&utm=a`).path).not.toBe(qrSvg(`${text}&utm=b`).path);
  });
});
