import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE_NAMES } from "@/lib/session-cookie";

/**
 * An early, optimistic redirect for people with no session cookie at all, so that signed-out visits do not render
 * the dashboard's layout first. It proves nothing: pages, server actions and route handlers verify the session.
 */
export function proxy(request: NextRequest) {
  const hasCookie = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (hasCookie) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ["/", "/vehicles/:path*", "/developer/:path*"],
};
