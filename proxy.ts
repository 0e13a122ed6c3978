import { NextResponse, type NextRequest } from "next/server";
import {
  REQUEST_PATH_HEADER,
  STRICT_TRANSPORT_SECURITY,
  contentSecurityPolicy,
  mapOriginOf,
  newCspNonce,
} from "@/lib/security/headers";
import { getConfig } from "@/lib/config";
import { gateRefusal } from "@/lib/security/request-gate";
import { SESSION_COOKIE_NAMES } from "@/lib/session-cookie";

/**
 * Runs before every page and route: refuses a request for another host or with a body larger than any the dashboard
 * reads (before any authentication or parsing), then gives each response its Content-Security-Policy (a fresh script nonce, which
 * Next.js reads from the request's copy of the policy and puts on its scripts) and HSTS over https. For the
 * dashboard's pages it also redirects people with no session cookie at all, an early, optimistic redirect that proves
 * nothing: pages, server actions and route handlers verify the session themselves.
 */

const PROTECTED = /^\/(?:$|vehicles(?:\/|$)|developer(?:\/|$)|webhooks(?:\/|$)|team(?:\/|$))/;

function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

export function proxy(request: NextRequest) {
  const config = getConfig();
  const refusal = gateRefusal(
    {
      pathname: request.nextUrl.pathname,
      host: request.headers.get("host"),
      contentLength: request.headers.get("content-length"),
    },
    { publicUrl: config.publicUrl, sandbox: config.env === "sandbox" },
  );
  if (refusal) {
    return new NextResponse(refusal.message, {
      status: refusal.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" },
    });
  }
  const nonce = newCspNonce();
  const policy = contentSecurityPolicy({
    nonce,
    development: config.development,
    // The style the pages hand the map (publicConfig().mapStyleUrl).
    mapOrigin: mapOriginOf(config.mapStyleUrl),
  });

  let response: NextResponse;
  const hasCookie = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (PROTECTED.test(request.nextUrl.pathname) && !hasCookie) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
    response = NextResponse.redirect(login);
  } else {
    const headers = new Headers(request.headers);
    headers.set("x-nonce", nonce);
    // Always the proxy's own value: whatever a client sent under this name is replaced.
    headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
    headers.set("content-security-policy", policy);
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("Content-Security-Policy", policy);
  if (isHttps(request)) response.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  // Everything but the build's static files (hashed, immutable; they get the fixed headers from next.config.mjs).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
