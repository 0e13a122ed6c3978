import { describe, expect, it } from "vitest";
import { type OfferSet } from "@/lib/models";
import { lapsedSetsKey, msUntilExpiry, openOfferSets } from "./offer-expiry";

const NOW = Date.parse("2026-03-10T12:00:00Z");

function set(updated: string, expiresAt: string, expired = false): OfferSet {
  return { source: "drivly", updated, expiresAt, expired, mileage: 1000, odometerMeasurementType: "Real", offers: [] };
}

const open = set("2026-03-05T12:00:00Z", "2026-03-12T12:00:00Z");
const lapsed = set("2026-03-01T12:00:00Z", "2026-03-08T12:00:00Z");
const unreadable = set("2026-03-05T12:00:00Z", "not a date");
// As the real service sends it: the latest set, lapsed on the server's clock.
const sentExpired = set("2026-02-20T12:00:00Z", "2026-02-27T12:00:00Z", true);

describe("openOfferSets", () => {
  it("keeps sets that lapse later and drops those that lapsed or cannot be read", () => {
    expect(openOfferSets([open, lapsed, unreadable], NOW)).toEqual([open]);
  });

  it("drops a set the server sent as expired, whatever the viewer's clock says", () => {
    expect(openOfferSets([sentExpired], Date.parse("2026-02-21T12:00:00Z"))).toEqual([]);
    expect(msUntilExpiry(sentExpired, Date.parse("2026-02-21T12:00:00Z"))).toBe(0);
  });

  it("drops a set at the very millisecond it expires", () => {
    expect(openOfferSets([open], Date.parse(open.expiresAt))).toEqual([]);
    expect(openOfferSets([open], Date.parse(open.expiresAt) - 1)).toEqual([open]);
  });
});

describe("lapsedSetsKey", () => {
  it("is null while every set is open", () => expect(lapsedSetsKey([open], NOW)).toBeNull());

  it("names the lapsed sets, the same way each tick, so the page refetches once per lapse", () => {
    const key = lapsedSetsKey([open, lapsed], NOW);
    expect(key).toBe("2026-03-01T12:00:00Z/2026-03-08T12:00:00Z");
    expect(lapsedSetsKey([open, lapsed], NOW + 1_000)).toBe(key);
  });

  it("leaves out a set the server sent as expired, so showing it never makes the page refetch", () => {
    expect(lapsedSetsKey([open, sentExpired], NOW)).toBeNull();
  });

  it("changes when another set lapses", () => {
    const later = Date.parse(open.expiresAt) + 1;
    expect(lapsedSetsKey([open, lapsed], later)).not.toBe(lapsedSetsKey([open, lapsed], NOW));
  });
});

describe("msUntilExpiry", () => {
  it("counts down to the expiry and stops at zero", () => {
    expect(msUntilExpiry(open, NOW)).toBe(2 * 86_400_000);
    expect(msUntilExpiry(lapsed, NOW)).toBe(0);
    expect(msUntilExpiry(unreadable, NOW)).toBe(0);
  });
});
