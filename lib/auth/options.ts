import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getConfig, shareNextAuthUrl } from "@/lib/config";
import { resolveRole } from "./access";
import { licenseOwner } from "./license-owner";
import { consumeNonce } from "./nonce-store";
import { getAuthSecret } from "./secret";
import { SignInError, verifySignIn } from "./siwe";

/** Codes that authorize() throws; next-auth hands them to the login page as `error`. */
export type SignInErrorCode = SignInError["code"] | "WALLET_NOT_ALLOWED" | "LICENSE_UNAVAILABLE";

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
const MAX_MESSAGE_LENGTH = 4_000;

let options: NextAuthOptions | undefined;

/** next-auth's options, built on first use so that configuration errors surface at start-up, not at import. */
export function getAuthOptions(): NextAuthOptions {
  if (options) return options;
  const config = getConfig();
  shareNextAuthUrl(config);
  options = {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 60 * 60 },
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
          const address = await verifySignIn({ message, signature, expectedOrigin: config.publicUrl, consumeNonce }).catch(
            (error: unknown) => {
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
      jwt({ token, user }) {
        if (user) {
          token.address = user.id.toLowerCase() as `0x${string}`;
          token.role = user.role;
        }
        return token;
      },
      session({ session, token }) {
        // Only what the pages need: the wallet and its role. No name, email or picture exists for a wallet.
        return { expires: session.expires, address: token.address, role: token.role };
      },
    },
  };
  return options;
}
