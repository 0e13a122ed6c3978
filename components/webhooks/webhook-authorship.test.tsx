import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { type WebhookAuthorship } from "@/lib/models/webhook-authors";
import { type WebhookRow } from "@/lib/models/webhooks";
import { DepartureNotice } from "./departure-notice";
import { AuthorshipLines } from "./webhook-authorship";

vi.mock("@/lib/actions/webhooks", () => ({ keepWebhookAction: async () => ({ ok: true, data: {} }) }));

/** The webhooks list's lines on who made and changed a webhook, and the notice of those whose author left. */

const ADMIN = "0x00000000000000000000000000000000000ad001";
const OWNER = "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd";
const AT = Date.parse("2026-11-20T10:00:00Z");

const authorship: WebhookAuthorship = {
  createdBy: { address: ADMIN, signedInWith: "dimo", email: "admin@example.com", role: "admin", atMs: AT },
  lastChange: { address: OWNER, signedInWith: "wallet", role: "owner", atMs: AT + 60_000, change: "edited" },
  hands: [ADMIN, OWNER],
  departure: null,
};

const row = (overrides: Partial<WebhookRow>): WebhookRow => ({
  id: "w1",
  displayName: "Where the vans are",
  description: "",
  service: "signals",
  metricName: "vss.currentLocationCoordinates",
  condition: "true",
  coolDownPeriod: 0,
  targetUrl: "https://listener.example/hook",
  status: "disabled",
  failureCount: 0,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  vehicles: [21957],
  authorship,
  ...overrides,
});

const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

describe("AuthorshipLines", () => {
  it("names who made the webhook, how they signed in, and the last change", () => {
    const html = text(renderToStaticMarkup(<AuthorshipLines authorship={authorship} />));
    expect(html).toContain(`Made by${ADMIN} (admin, DIMO login, admin@example.com) on`);
    expect(html).toContain(`Last changeedited by ${OWNER} (owner, wallet) on`);
  });

  it("says a webhook made outside the dashboard has no author", () => {
    const html = text(renderToStaticMarkup(<AuthorshipLines authorship={null} />));
    expect(html).toContain("Outside the dashboard (with the license's API key): no author is recorded");
    expect(html).not.toContain("Last change");
  });
});

describe("DepartureNotice", () => {
  const departed = row({ authorship: { ...authorship, departure: { people: [ADMIN], atMs: AT } } });
  const other = row({ id: "w2", displayName: "Other" });
  const render = (canKeep: boolean, webhooks = [departed, other]) =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <DepartureNotice webhooks={webhooks} canKeep={canKeep} />
      </QueryClientProvider>,
    );

  it("lists the webhooks whose author left, with a keep button for the owner", () => {
    const html = render(true);
    expect(text(html)).toContain(`Where the vans are: set inactive on`);
    expect(text(html)).toContain(`${ADMIN} no longer holds a role`);
    expect(text(html)).not.toContain("Other");
    expect(html).toMatch(/<button[^>]*title="Enable it again, as the owner&#x27;s"[^>]*>Keep<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Keep/);
  });

  it("turns keep off for an admin, saying why", () => {
    const html = render(false);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Keep<\/button>/);
    expect(text(html)).toContain("Only the license owner can keep it");
  });

  it("shows nothing when nobody left", () => {
    expect(render(true, [other])).toBe("");
  });
});
