import { describe, expect, it } from "vitest";
import { shareLinkUrl } from "@/lib/share-links/link";
import { qrSvg } from "@/lib/share-links/qr";
import { modulesOf, readQr } from "./qr-read";

const link = (utm: string, vehicles: number[] = []) =>
  shareLinkUrl("http://127.0.0.1:4455/login", {
    clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
    redirectUri: "http://localhost:3000/share/landing",
    access: { kind: "privileges", privileges: [1, 4] },
    vehicles,
    vehicleMakes: ["Tesla", "Ford"],
    powertrainTypes: ["BEV"],
    expirationDate: "2027-06-01T23:59:59.000Z",
    onboarding: [],
    utm,
  });

describe("the share link's QR code, read back", () => {
  it("decodes to exactly the link, for short and long links", () => {
    const links = [
      "http://a.b/?x=1",
      link("Spring BEVs"),
      link("Fleet Ü ✓ 2026", [7301, 7302, 7303]),
      link(
        "Every vehicle",
        Array.from({ length: 40 }, (_, i) => 7000 + i),
      ),
    ];
    for (const url of links) expect(readQr(modulesOf(qrSvg(url))), url).toBe(url);
  });

  it("reads another link from another code", () => {
    expect(readQr(modulesOf(qrSvg(link("A"))))).not.toBe(link("B"));
    expect(readQr(modulesOf(qrSvg(link("B"))))).toBe(link("B"));
  });

  it("refuses a code with one module drawn wrong, rather than read something else", () => {
    const { size, path } = qrSvg(link("Spring BEVs"));
    const modules = path.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(() => readQr(modulesOf({ size, path: modules.slice(0, -1).join("") }))).toThrow(/drawn wrong/);
    expect(() => readQr(modulesOf({ size, path: `${path}M0 0h1v1h-1z` }))).toThrow(/quiet zone/);
  });
});
