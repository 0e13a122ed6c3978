"use server";
import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { guarded } from "@/lib/server/guard";
import { noInput, positiveWholeNumber, tokenIdInput } from "@/lib/server/inputs";

/**
 * The developer tools' actions: the token inspector (claims only), refreshing tokens, and "copy token", the one way a
 * raw token reaches the browser, for exactly the token the developer named.
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

/** The cached tokens' claims and expiries; never a raw token. */
export const describeTokensAction = guarded(noInput, async function describeTokensAction() {
  return getDimoClient().describeTokens();
});

/** Drops the cached Developer JWT and fetches a new one through the challenge flow; returns its claims. */
export const refreshDeveloperTokenAction = guarded(noInput, async function refreshDeveloperTokenAction() {
  return getDimoClient().refreshDeveloperToken();
});

/** Drops the vehicle's cached Vehicle JWTs, re-reads its grant and exchanges a new one; returns its claims. */
export const refreshVehicleTokenAction = guarded(tokenIdInput, async function refreshVehicleTokenAction({ tokenId }) {
  return getDimoClient().refreshVehicleToken(tokenId);
});

/**
 * The raw token the developer asked to copy: the Developer JWT, or one vehicle's Vehicle JWT (the cached one, or a
 * fresh one when it has expired). The only action that returns a raw token; nothing here logs it.
 */
export const copyTokenAction = guarded(tokenChoice, async function copyTokenAction(choice) {
  const client = getDimoClient();
  const token = choice.kind === "developer" ? await client.getRawToken("developer") : await client.getRawToken("vehicle", choice.tokenId);
  return { kind: choice.kind, token };
});
