import "server-only";
import { decodeJwt, type JWTPayload } from "jose";
import { invalidResponse } from "./errors";
import { type DimoService, serviceName } from "@/lib/protocol";

/**
 * Reading tokens the client was given. No signature check: the services that issued them check them, and the client
 * only needs their expiry and a few claims to show.
 */

export function decodeClaims(token: string, service: DimoService): JWTPayload {
  try {
    return decodeJwt(token);
  } catch {
    throw invalidResponse(service, `${serviceName(service)} issued a token that is not a readable JWT`);
  }
}

/**
 * When a token stops being valid, in local milliseconds. `exp` is authoritative, but it is the issuer's clock: when
 * the token also has `iat`, the lifetime (exp - iat) counted from the moment it arrived is used if that is earlier, so
 * a server clock running ahead of ours cannot make the client hold on to a token the server already considers expired.
 */
export function tokenExpiryMs(token: string, service: DimoService, receivedAtMs: number): number {
  const { exp, iat } = decodeClaims(token, service);
  if (typeof exp !== "number" || !Number.isFinite(exp)) {
    throw invalidResponse(service, `${serviceName(service)} issued a token without a numeric exp claim`);
  }
  const byClaim = exp * 1000;
  if (typeof iat !== "number" || !Number.isFinite(iat) || iat >= exp) return byClaim;
  return Math.min(byClaim, receivedAtMs + (exp - iat) * 1000);
}
