import { NextResponse } from "next/server";
import { startDimoLogin } from "@/lib/auth/dimo-login";

// Public by design: Sign in with DIMO starts here, before there is a session. It stores nothing on the server.
export function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  const { location, cookie } = startDimoLogin(query.get("callbackUrl"), query.get("invitation"));
  const response = NextResponse.redirect(location, 303);
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
