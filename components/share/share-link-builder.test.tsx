import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { type ShareLinkSettings } from "@/lib/models/share-links";
import { ShareLinkBuilder } from "./share-link-builder";
import { ShareLinkList } from "./share-link-list";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));
vi.mock("@/lib/actions/share-links", () => ({ saveShareLinkAction: async () => ({ ok: false }) }));

const SETTINGS: ShareLinkSettings = {
  loginUrl: "http://127.0.0.1:4455/login",
  clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
  licenseName: "Sandbox demo license",
  redirectUris: ["http://localhost:3000", "http://localhost:3000/share/landing"],
  landingUrl: "http://localhost:3000/share/landing",
};

const render = (settings: ShareLinkSettings = SETTINGS) =>
  renderToStaticMarkup(
    <ShareLinkBuilder
      settings={settings}
      defaultExpiration="2027-03-01T12:00:00.000Z"
      now="2026-03-01T12:00:00.000Z"
    />,
  );

const decode = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");

describe("the share link builder", () => {
  it("starts with a link to the landing page, its QR code and the preview", () => {
    const html = decode(render());
    for (const id of ["share-link-form", "share-link-url", "share-link-qr", "share-link-preview"]) {
      expect(html, id).toContain(`data-testid="${id}"`);
    }
    expect(html).toContain(
      "http://127.0.0.1:4455/login/?clientId=0x52D52df587cB2E014Ae81495D88c71c819779923&redirectUri=http%3A%2F%2Flocalhost%3A3000%2Fshare%2Flanding&entryState=VEHICLE_MANAGER&permissions=10000000&expirationDate=2027-03-01T23%3A59%3A59.000Z",
    );
    expect(html).toContain("Sandbox demo license asks to access your vehicles.");
    expect(html).toContain("Without location history: no trips");
  });

  it("offers every permission with the features it opens", () => {
    const html = decode(render());
    for (let id = 1; id <= 8; id += 1) expect(html).toContain(`data-testid="share-permission-${id}"`);
    expect(html).toMatch(/Location history.*In this dashboard: Trips, /);
  });

  it("refuses, in words and with no link or QR code, a landing page the license has not registered", () => {
    const html = decode(render({ ...SETTINGS, redirectUris: ["http://localhost:3000"] }));
    expect(html).toContain('data-testid="share-link-problems"');
    expect(html).toContain("is not registered for the license");
    expect(html).not.toContain('data-testid="share-link-url"');
    expect(html).not.toContain('data-testid="share-link-qr"');
    expect(html).toContain("(not registered)");
  });
});

describe("the kept links", () => {
  it("lists each with its name, creation, permissions, expiry and a copy button", () => {
    const html = renderToStaticMarkup(
      <ShareLinkList
        links={[
          {
            id: "a",
            name: "Spring BEVs",
            url: "http://127.0.0.1:4455/login/?clientId=x",
            createdAt: "2026-03-01T12:00:00.000Z",
            createdBy: "0xabc",
            privileges: [1, 4],
            templateId: null,
            expirationDate: "2027-03-01T12:00:00.000Z",
            filters: ["Makes: Tesla"],
          },
          {
            id: "b",
            name: "Autumn trucks",
            url: "http://127.0.0.1:4455/login/?clientId=y",
            createdAt: "2026-03-02T12:00:00.000Z",
            createdBy: "0xabc",
            privileges: [1],
            templateId: null,
            expirationDate: null,
            filters: [],
          },
        ]}
        brought={{ "Spring BEVs": 2 }}
      />,
    );
    expect(html.match(/data-testid="share-link-row"/g)).toHaveLength(2);
    // The vehicles a link brought, found in the vehicle list by the link's name; none for the other.
    expect(html).toContain('href="/vehicles?q=Spring+BEVs">2 vehicles</a>');
    expect(html).toContain("none seen");
    for (const text of ["Spring BEVs", "2026-03-01", "Non-location history", "Location history", "2027-03-01"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('aria-label="Copy the link Spring BEVs"');
  });
});
