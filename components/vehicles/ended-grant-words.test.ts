import { describe, expect, it } from "vitest";
import { type EndedGrant } from "@/lib/share-links";
import { endedGrantDetail, endedGrantHeadline } from "./ended-grant-words";

const grant = (overrides: Partial<EndedGrant>): EndedGrant => ({
  tokenId: 7301,
  title: "2023 Tesla Model Y",
  link: "Spring BEVs",
  privileges: [1, 4],
  ending: "revoked",
  at: "2026-06-01T12:00:00.000Z",
  ...overrides,
});

describe("ended grants in words", () => {
  it("says who ended a revoked grant and when, the link it came through, and what brings it back", () => {
    expect(endedGrantHeadline(grant({}))).toBe("Revoked by its owner on 2026-06-01");
    const detail = endedGrantDetail(grant({}));
    expect(detail).toContain("revoked the license's grant");
    expect(detail).toContain("the link Spring BEVs");
    expect(detail).toContain("Only its owner can share it again");
  });

  it("claims no revocation for a grant that is only gone early, since DIMO does not say how it ended", () => {
    const early = grant({ ending: "ended-early", at: "2027-06-01T12:00:00.000Z", link: null });
    expect(endedGrantHeadline(early)).toBe("No longer shared, though its grant ran until 2027-06-01");
    expect(endedGrantDetail(early)).toContain("most likely revoked it; DIMO's API does not say");
    expect(endedGrantDetail(early)).not.toContain("came through");
  });

  it("says when an expired grant ran out", () => {
    expect(endedGrantHeadline(grant({ ending: "expired" }))).toBe("Grant expired on 2026-06-01");
    expect(endedGrantHeadline(grant({ ending: "expired", at: null }))).toBe("Grant expired");
  });
});
