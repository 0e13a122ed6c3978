import "server-only";
import { type JWTVerifyGetKey, createRemoteJWKSet, errors, jwtVerify } from "jose";
import { isAddress } from "viem";
import { processWide } from "@/lib/process-wide";

/**
 * Verifies the User JWT that DIMO's login sends back (API-CONTRACT.md section 9): RS256, signed with a key the auth
 * service publishes at `{auth}/keys`, issued by that service, for this license's client id, not expired. The person's
 * account comes from the token's `ethereum_address` and nowhere else: the `walletAddress` and `email` query parameters
 * next to it are the browser's to change, so they are never read.
 *
 * A User JWT is good for a sign-in only just after it was issued: DIMO's login mints a new one for each login and
 * sends it straight back, while the token itself lives for weeks in whatever recorded the callback URL (history, a
 * proxy's log). The caller also spends each token once (dimo-login.ts) for as long as this check would pass it.
 */

/** Why a User JWT was refused; the login page words the codes. */
export type DimoTokenFailure = "DIMO_TOKEN_INVALID" | "DIMO_TOKEN_EXPIRED" | "DIMO_WRONG_CLIENT" | "DIMO_UNAVAILABLE";

export class DimoTokenError extends Error {
  constructor(
    readonly code: DimoTokenFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "DimoTokenError";
  }
}

interface DimoPerson {
  /** The person's account (a smart account for most DIMO users), lowercase. */
  address: `0x${string}`;
  /** The email DIMO's token names, when it names one. */
  email: string | undefined;
}

export interface VerifiedDimoToken extends DimoPerson {
  /** The last moment (ms) this check would still pass the token: the end of its issue window or its expiry. */
  usableUntilMs: number;
}

export interface DimoTokenExpectations {
  /** The auth service's base URL: the issuer, and where its keys are published. */
  authUrl: string;
  /** The license's client id: the audience. Compared without regard to case, as addresses are. */
  clientId: string;
  /** The key set; by default the auth service's published keys, fetched once and cached. */
  keys?: JWTVerifyGetKey;
  now?: Date;
}

const MAX_TOKEN_LENGTH = 8_192;
/** Long enough for DIMO's redirect back and a slow network; far shorter than the token's own life. */
const MAX_USER_TOKEN_AGE_SECONDS = 5 * 60;
/** Clock skew allowed between DIMO's auth service and this server, on `iat` and `exp` alike. */
const CLOCK_TOLERANCE_SECONDS = 60;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/** The auth service's published keys, one cache per process and base URL (refetched when a new `kid` appears). */
function publishedKeys(authUrl: string): JWTVerifyGetKey {
  const sets = processWide("dimo-login-keys", () => new Map<string, JWTVerifyGetKey>());
  let set = sets.get(authUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${authUrl}/keys`), {
      timeoutDuration: 5_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    sets.set(authUrl, set);
  }
  return set;
}

export async function verifyDimoToken(token: string, expected: DimoTokenExpectations): Promise<VerifiedDimoToken> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    throw new DimoTokenError("DIMO_TOKEN_INVALID", "No usable token.");
  let payload;
  try {
    ({ payload } = await jwtVerify(token, expected.keys ?? publishedKeys(expected.authUrl), {
      algorithms: ["RS256"],
      issuer: expected.authUrl,
      requiredClaims: ["exp", "aud", "iat"],
      maxTokenAge: MAX_USER_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(expected.now ? { currentDate: expected.now } : {}),
    }));
  } catch (error) {
    throw describeFailure(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.some((aud) => typeof aud === "string" && aud.toLowerCase() === expected.clientId.toLowerCase())) {
    throw new DimoTokenError("DIMO_WRONG_CLIENT", "The token was issued for another application.");
  }
  const address = payload.ethereum_address;
  if (typeof address !== "string" || !isAddress(address, { strict: false })) {
    throw new DimoTokenError("DIMO_TOKEN_INVALID", "The token names no account.");
  }
  // A Developer JWT comes from the same service with the same claims, made by anyone holding the API key; what sets
  // it apart is the account it names: the license itself (its client id), where a User JWT names the person.
  if (address.toLowerCase() === expected.clientId.toLowerCase()) {
    throw new DimoTokenError("DIMO_TOKEN_INVALID", "The token is the license's own, not a person's.");
  }
  const email = typeof payload.email === "string" && EMAIL.test(payload.email) ? payload.email : undefined;
  // jwtVerify has required both as numbers.
  const lastSecond = Math.min(Number(payload.exp), Number(payload.iat) + MAX_USER_TOKEN_AGE_SECONDS);
  return {
    address: address.toLowerCase() as `0x${string}`,
    email,
    usableUntilMs: (lastSecond + CLOCK_TOLERANCE_SECONDS) * 1000,
  };
}

function describeFailure(error: unknown): DimoTokenError {
  if (error instanceof errors.JWTExpired) return new DimoTokenError("DIMO_TOKEN_EXPIRED", "The token has expired.");
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
    // The keys could not be fetched (timeout, network, a non-JSON answer): nothing was wrong with the token itself.
    return new DimoTokenError("DIMO_UNAVAILABLE", "DIMO's published keys could not be read.");
  }
  if (error instanceof errors.JWKSInvalid)
    return new DimoTokenError("DIMO_UNAVAILABLE", "DIMO's published keys could not be read.");
  return new DimoTokenError("DIMO_TOKEN_INVALID", `The token was refused (${error.code}).`);
}
