"use server";
import "server-only";
import { z } from "zod";
import { getSession } from "@/lib/auth/session";
import { getDimoClient } from "@/lib/dimo";
import { recordTokenCopy } from "@/lib/dimo/token-copies";
import { type ActionError, defineAction } from "./guard";
import { type TokenIdInput, positiveWholeNumber, tokenIdInput } from "./inputs";

/**
 * The developer tools' actions: the token inspector (claims only), refreshing tokens, and "copy token", the one way a
 * raw token reaches the browser, for exactly the token the developer named, for the license owner only, and recorded.
 */

const noInput = z.undefined({ error: "this action takes no input" }).optional();

const tokenChoice = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("developer") }).strict(),
    z.object({ kind: z.literal("vehicle"), tokenId: positiveWholeNumber("tokenId") }).strict(),
  ],
  { error: "name a token: developer, or vehicle with a tokenId" },
);

export type TokenChoice = z.input<typeof tokenChoice>;

const describeTokens = defineAction(noInput, async function describeTokensAction() {
  return getDimoClient().describeTokens();
});

const refreshDeveloperToken = defineAction(noInput, async function refreshDeveloperTokenAction() {
  return getDimoClient().refreshDeveloperToken();
});

const refreshVehicleToken = defineAction(tokenIdInput, async function refreshVehicleTokenAction({ tokenId }) {
  return getDimoClient().refreshVehicleToken(tokenId);
});

/**
 * A copied Developer JWT stays valid for its 14 days whatever happens here (refreshing fetches a new one but cannot
 * revoke the old), so copying is the license owner's decision alone, and each copy is recorded (who, which, when).
 */
const OWNER_ONLY: ActionError = {
  code: "FORBIDDEN",
  message: "Only the license owner can copy raw tokens: a copied Developer JWT stays valid for 14 days and cannot be revoked.",
  retryable: false,
};

// The token goes back in the result and nowhere else; the record holds its fingerprint only.
const copyToken = defineAction(tokenChoice, async function copyTokenAction(choice, { session }) {
  if (session.role !== "owner") throw new Error("copy refused: not the license owner");
  const client = getDimoClient();
  const token = choice.kind === "developer" ? await client.getRawToken("developer") : await client.getRawToken("vehicle", choice.tokenId);
  recordTokenCopy({ by: session.address, kind: choice.kind, ...(choice.kind === "vehicle" ? { tokenId: choice.tokenId } : {}), token });
  return { kind: choice.kind, token };
});

/** The cached tokens' claims and expiries; never a raw token. */
export async function describeTokensAction() {
  return describeTokens(undefined);
}

/** Drops the cached Developer JWT and fetches a new one through the challenge flow; returns its claims. */
export async function refreshDeveloperTokenAction() {
  return refreshDeveloperToken(undefined);
}

/** Drops the vehicle's cached Vehicle JWTs, re-reads its grant and exchanges a new one; returns its claims. */
export async function refreshVehicleTokenAction(input: TokenIdInput) {
  return refreshVehicleToken(input);
}

/**
 * The raw token the license owner asked to copy: the Developer JWT, or one vehicle's Vehicle JWT (the cached one, or a
 * fresh one when it has expired). The only action that returns a raw token; admins are refused.
 */
export async function copyTokenAction(input: TokenChoice) {
  const session = await getSession();
  if (session !== null && session.role !== "owner") return { ok: false, error: OWNER_ONLY } as const;
  return copyToken(input);
}
