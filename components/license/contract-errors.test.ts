import { ContractFunctionRevertedError, UserRejectedRequestError, encodeErrorResult } from "viem";
import { describe, expect, it } from "vitest";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { isUserRejection, revertReason } from "./contract-errors";

const reverted = (errorName: string, args?: readonly unknown[]) =>
  new ContractFunctionRevertedError({
    abi: DEV_LICENSE_ABI,
    functionName: "setLicenseAlias",
    data: encodeErrorResult({ abi: DEV_LICENSE_ABI, errorName, args } as never),
  });

describe("revertReason", () => {
  it("says the DevLicense contract's errors in words", () => {
    expect(revertReason(reverted("AliasExceedsMaxLength"))).toMatch(/longer than 32 bytes/);
    expect(revertReason(reverted("AliasAlreadyInUse", ["taken"]))).toMatch(/Another license already has this name/);
    expect(revertReason(reverted("InvalidSender", ["0x0000000000000000000000000000000000000001"]))).toMatch(
      /Only the license's owner can change it/,
    );
  });

  it("is undefined for what is no revert", () => {
    expect(revertReason(new Error("network down"))).toBeUndefined();
  });
});

describe("isUserRejection", () => {
  it("knows a wallet's refusal by viem's error or by EIP-1193's code 4001", () => {
    expect(isUserRejection(new UserRejectedRequestError(new Error("no")))).toBe(true);
    expect(isUserRejection(Object.assign(new Error("User rejected"), { code: 4001 }))).toBe(true);
    expect(isUserRejection(new Error("other"))).toBe(false);
  });
});
