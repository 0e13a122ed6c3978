"use server";
import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { recordTokenCopy } from "@/lib/dimo/token-copies";
import { AppFailure } from "@/lib/result";
import { guarded } from "@/lib/server/guard";
import { noInput, positiveWholeNumber, tokenIdInput } from "@/lib/server/inputs";

/**
 * The developer tools' actions: refreshing tokens, and "copy token", the one way a raw token reaches the browser, for
 * exactly the token the developer named, for the license owner only, and recorded. The inspector's list is a read
 * (lib/server/tokens.ts).
 */

const tokenChoice = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("developer") }).strict(),
    z.object({ kind: z.literal("vehicle"), tokenId: positiveWholeNumber("tokenId") }).strict(),
  ],
  { error: "name a token: developer, or vehicle with a tokenId" },
);

export type TokenChoice = z.input<typeof tokenChoice>;

/** Drops the cached Developer JWT and fetches a new one through the challenge flow; returns its claims. */
export const refreshDeveloperTokenAction = guarded(
  noInput,
  async function refreshDeveloperTokenAction() {
    return getDimoClient().refreshDeveloperToken();
  },
  { viewers: "refused" },
);

/** Drops the vehicle's cached Vehicle JWTs, re-reads its grant and exchanges a new one; returns its claims. */
export const refreshVehicleTokenAction = guarded(
  tokenIdInput,
  async function refreshVehicleTokenAction({ tokenId }) {
    return getDimoClient().refreshVehicleToken(tokenId);
  },
  { viewers: "refused" },
);

/**
 * A copied Developer JWT stays valid for its 14 days whatever happens here (refreshing fetches a new one but cannot
 * revoke the old), so copying is the license owner's decision alone, and each copy is recorded (who, which, when).
 */
const OWNER_ONLY = new AppFailure({
  code: "FORBIDDEN",
  message:
    "Only the license owner can copy raw tokens: a copied Developer JWT stays valid for 14 days and cannot be revoked.",
  retryable: false,
});

/**
 * The raw token the license owner asked to copy: the Developer JWT, or one vehicle's Vehicle JWT (the cached one, or a
 * fresh one when it has expired). The only action that returns a raw token; admins are refused. The token goes back
 * in the result and nowhere else; the record holds its fingerprint only.
 */
export const copyTokenAction = guarded(
  tokenChoice,
  async function copyTokenAction(choice, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    const client = getDimoClient();
    const token =
      choice.kind === "developer"
        ? await client.getRawToken("developer")
        : await client.getRawToken("vehicle", choice.tokenId);
    recordTokenCopy({
      by: session.address,
      kind: choice.kind,
      ...(choice.kind === "vehicle" ? { tokenId: choice.tokenId } : {}),
      token,
    });
    return { kind: choice.kind, token };
  },
  { viewers: "refused" },
);
