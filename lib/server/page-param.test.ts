import { describe, expect, it } from "vitest";
import { parsePageParam } from "./page-param";
import { tokenIdInput, tripsInput } from "./inputs";

describe("tokenIdInput", () => {
  it.each(["21957", "1", "2147483647"])("accepts %s", (raw) =>
    expect(tokenIdInput.parse({ tokenId: raw })).toEqual({ tokenId: Number(raw) }),
  );
  it.each(["0", "-1", "1.5", "abc", "1e3", "", " ", "2147483648", "9007199254740991", "0x10", "21957abc"])(
    "refuses %j",
    (raw) => expect(tokenIdInput.safeParse({ tokenId: raw }).success).toBe(false),
  );
});

describe("32-bit bound", () => {
  it("refuses a tokenId or a page past 2147483647, which no DIMO API accepts, and says so", () => {
    for (const tokenId of ["2147483648", 2_147_483_648, "99999999999999999999"]) {
      const parsed = tokenIdInput.safeParse({ tokenId });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["tokenId must be at most 2147483647"]);
    }
    const page = tripsInput.safeParse({ tokenId: 21957, page: "2147483648" });
    expect(page.error?.issues.map((issue) => issue.message)).toEqual(["page must be at most 2147483647"]);
    expect(tripsInput.parse({ tokenId: "2147483647", page: 2_147_483_647 })).toEqual({
      tokenId: 2_147_483_647,
      page: 2_147_483_647,
    });
  });
});

describe("parsePageParam", () => {
  it("reads an absent page as 1", () => expect(parsePageParam(undefined)).toEqual({ ok: true, page: 1 }));
  it("reads a page number", () => expect(parsePageParam("25")).toEqual({ ok: true, page: 25 }));
  it("takes the first of repeated values", () => expect(parsePageParam(["3", "4"])).toEqual({ ok: true, page: 3 }));
  it.each(["0", "-2", "two", "2.5", "", "2147483648"])("refuses %j and keeps it for the message", (raw) =>
    expect(parsePageParam(raw)).toEqual({ ok: false, raw }),
  );
});
