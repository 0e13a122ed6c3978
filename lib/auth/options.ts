import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import { decode } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { getConfig, shareNextAuthUrl } from "@/lib/config";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { isStoreUnavailable } from "@/lib/store/types";
import { resolveRole } from "./access";
import { licenseOwner } from "./license-owner";
import { isSessionRevoked, revokeSession } from "./revocation";
import { getAuthSecret } from "./secret";
import { SESSION_MAX_AGE_SECONDS, encodeSessionToken, readSessionClaims } from "./session-claims";
import { getSignInNonces } from "./sign-in-nonces";
import { SignInError, verifySignIn } from "./siwe";

export { SESSION_MAX_AGE_SECONDS } from "./session-claims";

/** Codes that authorize() throws; next-auth hands them to the login page as `error`. */
export type SignInErrorCode = SignInError["code"] | "WALLET_NOT_ALLOWED" | "LICENSE_UNAVAILABLE" | "SIGN_IN_UNAVAILABLE";

const MAX_MESSAGE_LENGTH = 4_000;

let options: NextAuthOptions | undefined;

/** next-auth's options, built on first use so that configuration errors surface at start-up, not at import. */
export function getAuthOptions(): NextAuthOptions {
  if (options) return options;
  const config = getConfig();
  shareNextAuthUrl(config);
  options = {
    secret: getAuthSecret(),
    // The cookie may be re-sent with a later expiry, but the token inside ends SESSION_MAX_AGE_SECONDS after sign-in.
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { encode: encodeSessionToken, decode },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "siwe",
        name: "Ethereum wallet",
        credentials: { message: { type: "text" }, signature: { type: "text" } },
        async authorize(credentials) {
          const message = credentials?.message;
          const signature = credentials?.signature;
          if (typeof message !== "string" || typeof signature !== "string" || message.length > MAX_MESSAGE_LENGTH) {
            throw new Error("MALFORMED_MESSAGE" satisfies SignInErrorCode);
          }
          const nonces = getSignInNonces();
          const address = await verifySignIn({ message, signature, expectedOrigin: config.publicUrl, consumeNonce: nonces.consume }).catch(
            (error: unknown) => {
              // The used-nonce set is unreachable: refuse (fail closed) with a code that says to try again shortly.
              if (isStoreUnavailable(error)) throw new Error("SIGN_IN_UNAVAILABLE" satisfies SignInErrorCode);
              throw new Error(error instanceof SignInError ? error.code : ("MALFORMED_MESSAGE" satisfies SignInErrorCode));
            },
          );
          const role = await resolveRole(address, { licenseOwner, admins: config.admins }).catch(() => {
            throw new Error("LICENSE_UNAVAILABLE" satisfies SignInErrorCode);
          });
          if (!role) throw new Error("WALLET_NOT_ALLOWED" satisfies SignInErrorCode);
          return { id: address, role };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          return { address: user.id.toLowerCase() as `0x${string}`, role: user.role, sid: randomUUID(), ait: Math.floor(Date.now() / 1000) };
        }
        // Reading /api/auth/session with an ended or revoked session makes next-auth clear the cookie.
        const claims = readSessionClaims(token, Date.now());
        if (!claims || (await isSessionRevoked(claims.sid))) throw new Error("SESSION_ENDED");
        return token;
      },
      session({ session, token }) {
        // Only what the pages need: the wallet and its role. No name, email or picture exists for a wallet.
        return { expires: session.expires, address: token.address, role: token.role };
      },
      redirect({ url, baseUrl }) {
        return safeCallbackUrl(url, baseUrl);
      },
    },
    logger: {
      // An ended or revoked session read at /api/auth/session is expected, not an error worth a stack trace.
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { error?: Error } | undefined)?.error?.message;
        if (code === "JWT_SESSION_ERROR" && message === "SESSION_ENDED") return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
    events: {
      async signOut({ token }) {
        const claims = readSessionClaims(token, Date.now());
        if (claims) await revokeSession(claims.sid, claims.endsAtMs);
      },
    },
  };
  return options;
}
