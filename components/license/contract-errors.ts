import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from "viem";

/** The DevLicense contract's errors, in words for the person who sent the change. */
const CONTRACT_ERRORS: Record<string, string> = {
  AliasExceedsMaxLength: "The name is longer than 32 bytes, which the license contract refuses.",
  AliasAlreadyInUse: "Another license already has this name: names are unique across licenses.",
  InvalidSender: "Only the license's owner can change it: the wallet that sent this change is not the owner.",
  NonexistentToken: "The license contract knows no such license.",
  InvalidOperation: "The license contract refused the change as an invalid operation.",
};

export function isUserRejection(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((e) => e instanceof UserRejectedRequestError)) return true;
  return (error as { code?: unknown })?.code === 4001;
}

/** The contract's reason for a revert in words; undefined when the error was no revert. */
export function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return undefined;
  const name = revert.data?.errorName;
  return (name && CONTRACT_ERRORS[name]) ?? revert.reason ?? "The license contract reverted the change.";
}

/** A failure that is neither a rejection nor a revert, in a line (no stack, no request body). */
export function failureText(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : "The change could not be sent.";
}
