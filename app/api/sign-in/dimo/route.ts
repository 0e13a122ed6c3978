import { NextResponse } from "next/server";
import { startDimoLogin } from "@/lib/auth/dimo-login";

// Public by design: Sign in with DIMO starts here, before there is a session. It stores nothing on the server.
export function GET(request: Request) {
  const { location, cookie } = startDimoLogin(new URL(request.url).searchParams.get("callbackUrl"));
  const response = NextResponse.redirect(location, 303);
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
