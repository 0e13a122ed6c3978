import { describe, expect, it } from "vitest";
import { type ShareRecordInput, endedGrant, endsSoon, isRecentShare } from "./history";
import { latestShareRecords } from "./records";

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const shared = (overrides: Partial<ShareRecordInput> = {}): ShareRecordInput => ({
  kind: "shared",
  tokenId: 7301,
  link: "Spring BEVs",
  at: iso(NOW - DAY),
  title: "2023 Tesla Model Y",
  privileges: [1, 4],
  expiresAt: iso(NOW + 300 * DAY),
  ...overrides,
});

describe("latestShareRecords", () => {
  it("keeps the newest record of each vehicle and skips what does not read", () => {
    const records = latestShareRecords([
      JSON.stringify(shared()),
      "not json",
      JSON.stringify({ kind: "shared", tokenId: "7302" }),
      JSON.stringify(shared({ tokenId: 7302, privileges: [1, 4, 99] })),
      JSON.stringify(shared({ kind: "revoked", at: iso(NOW), expiresAt: null })),
    ]);
    expect([...records.keys()]).toEqual([7301, 7302]);
    expect(records.get(7301)?.kind).toBe("revoked");
    expect(records.get(7302)?.privileges).toEqual([1, 4]);
  });
});

describe("isRecentShare and endsSoon", () => {
  it("counts a share as recent for fourteen days, and never a revocation", () => {
    const records = latestShareRecords([JSON.stringify(shared({ at: iso(NOW - 14 * DAY) }))]);
    expect(isRecentShare(records.get(7301), NOW)).toBe(true);
    expect(isRecentShare(records.get(7301), NOW + DAY)).toBe(false);
    const revoked = latestShareRecords([JSON.stringify(shared({ kind: "revoked" }))]);
    expect(isRecentShare(revoked.get(7301), NOW)).toBe(false);
    expect(isRecentShare(undefined, NOW)).toBe(false);
  });

  it("flags a grant that ends within thirty days, not one that has ended or has no end", () => {
    expect(endsSoon(iso(NOW + 30 * DAY), NOW)).toBe(true);
    expect(endsSoon(iso(NOW + 31 * DAY), NOW)).toBe(false);
    expect(endsSoon(iso(NOW - DAY), NOW)).toBe(false);
    expect(endsSoon(null, NOW)).toBe(false);
    expect(endsSoon("someday", NOW)).toBe(false);
  });
});

describe("endedGrant", () => {
  const ended = (record: ShareRecordInput) => {
    const read = latestShareRecords([JSON.stringify(record)]).get(record.tokenId);
    if (!read) throw new Error("the record does not read");
    return endedGrant(read, NOW);
  };

  it("says revoked when DIMO's login said so, with when", () => {
    expect(ended(shared({ kind: "revoked", at: iso(NOW - DAY), expiresAt: null }))).toMatchObject({
      ending: "revoked",
      at: iso(NOW - DAY),
    });
  });

  it("says expired once the end date has passed, and ended early before it", () => {
    expect(ended(shared({ expiresAt: iso(NOW - DAY) }))).toMatchObject({ ending: "expired", at: iso(NOW - DAY) });
    expect(ended(shared())).toMatchObject({ ending: "ended-early", at: iso(NOW + 300 * DAY), link: "Spring BEVs" });
  });
});
