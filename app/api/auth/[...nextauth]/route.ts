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
      const code = refused.status === 503 ? "SIGN_IN_UNAVAILABLE" : "RATE_LIMITED";
      const url = new URL(`/login?error=${code}`, getConfig().publicUrl).toString();
      const { error: message } = (await refused.json()) as { error: string };
      return Response.json({ url, error: code, message }, { status: refused.status, headers: refused.headers });
    }
  }
  return handler(request, context);
}

export { handler as GET, post as POST };
