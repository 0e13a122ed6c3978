import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { guarded } from "./guard";
import { noInput } from "./inputs";

/**
 * The token inspector's read, guarded: the tokens page and its route (app/api/developer/tokens) read through it.
 * Refreshing and copying a token are changes, and so actions (lib/actions/developer.ts).
 */

/** The cached tokens' claims and expiries; never a raw token. */
export const describeTokens = guarded(noInput, async function describeTokens() {
  return getDimoClient().describeTokens();
});
