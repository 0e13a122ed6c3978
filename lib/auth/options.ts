import "server-only";
import type { NextAuthOptions } from "next-auth";
import { decode } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { getConfig, shareNextAuthUrl } from "@/lib/config";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { recordSignIn, recordSignOut } from "@/lib/server/audit/sessions";
import { isStoreUnavailable } from "@/lib/store/types";
import { chainSignatureVerifier } from "./chain-signatures";
import { isSessionRevoked, revokeSession } from "./revocation";
import { getAuthSecret } from "./secret";
import { SESSION_MAX_AGE_SECONDS, encodeSessionToken, readSessionClaims } from "./session-claims";
import { type AdmissionRefusal, AdmissionRefused, admit, newSessionToken } from "./sign-in-session";
import { getSignInNonces } from "./sign-in-nonces";
import { SignInError, verifySignIn } from "./siwe";

/** Codes that authorize() throws; next-auth hands them to the login page as `error`. */
type SignInErrorCode = SignInError["code"] | AdmissionRefusal;

const MAX_MESSAGE_LENGTH = 4_000;
const MAX_SIGNATURE_LENGTH = 16_386;
const MAX_INVITATION_LENGTH = 100;

let options: NextAuthOptions | undefined;

/** next-auth's options, built on first use so that configuration errors surface at start-up, not at import. */
export function getAuthOptions(): NextAuthOptions {
  if (options) return options;
  const config = getConfig();
  shareNextAuthUrl(config);
  const verifyOnChain = config.rpcUrl ? chainSignatureVerifier(config.rpcUrl) : undefined;
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
        // `invitation`: the token of the invitation the person came through (the join page), when they did.
        credentials: { message: { type: "text" }, signature: { type: "text" }, invitation: { type: "text" } },
        async authorize(credentials) {
          const message = credentials?.message;
          const signature = credentials?.signature;
          if (
            typeof message !== "string" ||
            typeof signature !== "string" ||
            message.length > MAX_MESSAGE_LENGTH ||
            signature.length > MAX_SIGNATURE_LENGTH
          ) {
            throw new Error("MALFORMED_MESSAGE" satisfies SignInErrorCode);
          }
          const address = await verifySignIn({
            message,
            signature,
            expectedOrigin: config.publicUrl,
            nonces: getSignInNonces(),
            verifyOnChain,
          }).catch((error: unknown) => {
            // The used-nonce set is unreachable: refuse (fail closed) with a code that says to try again shortly.
            if (isStoreUnavailable(error)) throw new Error("SIGN_IN_UNAVAILABLE" satisfies SignInErrorCode);
            throw new Error(
              error instanceof SignInError ? error.code : ("MALFORMED_MESSAGE" satisfies SignInErrorCode),
            );
          });
          const invitation = credentials?.invitation;
          const carried =
            typeof invitation === "string" && invitation !== "" && invitation.length <= MAX_INVITATION_LENGTH
              ? { token: invitation, via: "wallet" as const }
              : undefined;
          const role = await admit(address, carried).catch((error: unknown) => {
            throw new Error(
              error instanceof AdmissionRefused ? error.code : ("LICENSE_UNAVAILABLE" satisfies SignInErrorCode),
            );
          });
          return { id: address, role, via: "wallet" };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // The wallet's way in; Sign in with DIMO makes its session with the same function (sign-in-session.ts).
        if (user)
          return newSessionToken({
            address: user.id as `0x${string}`,
            role: user.role,
            signedInWith: { via: "wallet" },
          });
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
        const message =
          metadata instanceof Error ? metadata.message : (metadata as { error?: Error } | undefined)?.error?.message;
        if (code === "JWT_SESSION_ERROR" && message === "SESSION_ENDED") return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
    events: {
      async signIn({ user }) {
        await recordSignIn({ address: user.id as `0x${string}`, role: user.role, signedInWith: { via: "wallet" } });
      },
      async signOut({ token }) {
        const claims = readSessionClaims(token, Date.now());
        if (!claims) return;
        await revokeSession(claims.sid, claims.endsAtMs);
        await recordSignOut(claims);
      },
    },
  };
  return options;
}
