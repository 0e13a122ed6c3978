import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { type SandboxClock } from "../clock";
import { type SigningKey } from "./signing-keys";

/** Signs claims as an RS256 JWT with the key's `kid`. `iat` and `exp` come in the claims (from the sandbox clock). */
export async function signJwt(key: SigningKey, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" }).sign(key.privateKey);
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidTokenError";
  }
}

const CACHE_LIMIT = 10_000;

/**
 * Verifies JWTs issued with one key against the sandbox clock. A token whose signature was checked once is
 * remembered until its `exp`, so a client reusing a token pays for the RSA check once, not on every request.
 */
export class TokenVerifier {
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    private readonly key: SigningKey,
    private readonly clock: SandboxClock,
    private readonly audience?: string,
  ) {}

  async verify(token: string): Promise<JWTPayload> {
    const cached = this.verified.get(token);
    if (cached) {
      this.assertNotExpired(cached);
      return cached;
    }
    let payload: JWTPayload;
    try {
      const result = await jwtVerify(token, this.key.publicKey, {
        algorithms: ["RS256"],
        currentDate: this.clock.now(),
        ...(this.audience ? { audience: this.audience } : {}),
      });
      if (result.protectedHeader.kid !== this.key.kid) throw new InvalidTokenError("unknown key id");
      payload = result.payload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    if (typeof payload.exp !== "number") throw new InvalidTokenError("token without exp");
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, payload);
    return payload;
  }

  clear(): void {
    this.verified.clear();
  }

  private assertNotExpired(payload: JWTPayload): void {
    // The same rule jose applies: expired once the clock's whole seconds reach exp.
    if (typeof payload.exp !== "number" || payload.exp <= this.clock.nowSeconds()) {
      throw new InvalidTokenError("ERR_JWT_EXPIRED");
    }
  }
}
