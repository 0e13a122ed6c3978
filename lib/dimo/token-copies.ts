import "server-only";
import { createHash } from "node:crypto";
import { type DimoService } from "@/lib/protocol";
import { newActivityId, recordActivity } from "./activity";

/**
 * A raw token handed to a person is recorded: who copied it, which token, when. The token is named by its kind,
 * vehicle and a short fingerprint (a SHA-256 prefix, which cannot be turned back into the token), so the entry can be
 * matched against a token later without the log ever holding one.
 */

export function tokenFingerprint(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 16);
}

export function recordTokenCopy(input: {
  by: `0x${string}`;
  kind: "developer" | "vehicle";
  tokenId?: number;
  token: string;
}): void {
  const service: DimoService = input.kind === "developer" ? "auth" : "tokenExchange";
  const fingerprint = tokenFingerprint(input.token);
  const what = input.kind === "developer" ? "Developer JWT" : `Vehicle JWT for vehicle ${input.tokenId ?? "?"}`;
  const at = new Date().toISOString();
  recordActivity({
    id: newActivityId(),
    at,
    method: "COPY",
    service,
    path: `${what} (sha256 ${fingerprint}…) copied by ${input.by}`,
    url: "",
    status: null,
    durationMs: 0,
    attempts: 0,
    cache: "none",
    tokenKind: input.kind,
    ...(input.tokenId !== undefined ? { tokenId: input.tokenId } : {}),
    copiedBy: input.by,
    tokenFingerprint: fingerprint,
  });
  // A lasting trace beside the in-memory log (which keeps the last 500 entries): no token, only its fingerprint.
  console.info(`[audit] ${at} ${input.by} copied the raw ${what} (sha256 ${fingerprint}…)`);
}
