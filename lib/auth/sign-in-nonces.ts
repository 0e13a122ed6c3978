import "server-only";
import { getStores } from "@/lib/store";
import { createNonces } from "./nonces";
import { getAuthSecret } from "./secret";

let nonces: ReturnType<typeof createNonces> | undefined;

/** This process's nonces, made and checked with the session secret, used nonces kept in the shared store. */
export function getSignInNonces() {
  return (nonces ??= createNonces({ secret: getAuthSecret(), store: getStores().keyValue }));
}
