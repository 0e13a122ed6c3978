import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    role: "owner" | "admin" | "viewer";
    /** How the person signed in; absent means a wallet. */
    via?: "wallet" | "dimo";
  }
  interface Session {
    address?: `0x${string}`;
    role?: "owner" | "admin" | "viewer";
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    address?: `0x${string}`;
    role?: "owner" | "admin" | "viewer";
    /** The session id (revocation). */
    sid?: string;
    /** Sign-in time, seconds since the epoch: the session ends SESSION_MAX_AGE_SECONDS later. */
    ait?: number;
    /** How the person signed in: "wallet" or "dimo" (absent in sessions made before it was recorded: a wallet). */
    via?: "wallet" | "dimo";
  }
}
