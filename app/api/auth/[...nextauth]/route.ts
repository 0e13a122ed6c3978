import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/options";
import { refuseWhenOverLimit } from "@/lib/auth/rate-limit";
import { getConfig } from "@/lib/config";
import { getStores } from "@/lib/store";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (session, csrf, callback, sign-out). Sign-in is the SIWE credentials provider.
async function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

/** Sign-in attempts (each one a signature check) are limited per client; everything else goes straight through. */
async function post(request: Request, context: RouteContext) {
  const { nextauth } = await context.params;
  if (nextauth.join("/") === "callback/siwe") {
    const refused = await refuseWhenOverLimit(request, "sign-in", getStores().counters);
    if (refused) {
      // next-auth's client reads the error code from `url`, as it does for its own refusals.
      const url = new URL("/login?error=RATE_LIMITED", getConfig().publicUrl).toString();
      return Response.json({ url, error: "RATE_LIMITED" }, { status: 429, headers: refused.headers });
    }
  }
  return handler(request, context);
}

export { handler as GET, post as POST };
