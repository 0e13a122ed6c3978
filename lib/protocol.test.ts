import { describe, expect, it } from "vitest";
import { decodePermissions, encodePermissions, privilegeInfo, vehicleDid } from "./protocol";

describe("permissions bit field", () => {
  it("encodes privileges 1..6 as 0x3ffc, as the identity API does", () => {
    expect(encodePermissions([1, 2, 3, 4, 5, 6])).toBe("0x3ffc");
  });

  it("round-trips any set of privileges", () => {
    expect(decodePermissions(encodePermissions([1, 5]))).toEqual([1, 5]);
    expect(decodePermissions(encodePermissions([4]))).toEqual([4]);
    expect(decodePermissions(encodePermissions([8, 2]))).toEqual([2, 8]);
  });

  it("needs both bits of a pair", () => {
    // Only bit 8 of privilege 4's pair (bits 8 and 9) is set.
    expect(decodePermissions("0x100")).toEqual([]);
    expect(decodePermissions("0x300")).toEqual([4]);
  });

  it("reads an empty field and refuses something that is not hex", () => {
    expect(decodePermissions("0x0")).toEqual([]);
    expect(() => decodePermissions("3ffc")).toThrow(/Invalid permissions/);
  });
});

describe("privilege names and vehicle DIDs", () => {
  it("names privileges as the token exchange does", () => {
    expect(privilegeInfo(4).permission).toBe("privilege:GetLocationHistory");
  });

  it("builds the DID of a vehicle", () => {
    expect(vehicleDid(21957)).toBe("did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:21957");
  });
});
