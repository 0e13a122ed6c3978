import { describe, expect, it } from "vitest";
import { parsePageParam } from "./page-param";
import { tokenIdInput } from "./inputs";

describe("tokenIdInput", () => {
  it.each(["21957", "1", "9007199254740991"])("accepts %s", (raw) =>
    expect(tokenIdInput.parse({ tokenId: raw })).toEqual({ tokenId: Number(raw) }),
  );
  it.each(["0", "-1", "1.5", "abc", "1e3", "", " ", "9007199254740992", "0x10", "21957abc"])("refuses %j", (raw) =>
    expect(tokenIdInput.safeParse({ tokenId: raw }).success).toBe(false),
  );
});

describe("parsePageParam", () => {
  it("reads an absent page as 1", () => expect(parsePageParam(undefined)).toEqual({ ok: true, page: 1 }));
  it("reads a page number", () => expect(parsePageParam("25")).toEqual({ ok: true, page: 25 }));
  it("takes the first of repeated values", () => expect(parsePageParam(["3", "4"])).toEqual({ ok: true, page: 3 }));
  it.each(["0", "-2", "two", "2.5", ""])("refuses %j and keeps it for the message", (raw) =>
    expect(parsePageParam(raw)).toEqual({ ok: false, raw }),
  );
});
