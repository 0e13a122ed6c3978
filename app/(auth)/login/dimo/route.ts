import { cookies } from "next/headers";
import { NextResponse } from "next/server";
import { clearedStateCookie, finishDimoLogin, stateCookieValue } from "@/lib/auth/dimo-login";
import { refuseWhenOverLimit } from "@/lib/auth/rate-limit";
import { getConfig } from "@/lib/config";
import { getStores } from "@/lib/store";

/**
 * Where DIMO's login sends the person back (the login redirect URI, registered for the license). Public by design:
 * there is no session yet. Each attempt is limited per client like a wallet's sign-in, and the state cookie is
 * cleared whatever happens.
 */
export async function GET(request: Request) {
  const site = getConfig().publicUrl;
  const answer = (location: string) => {
    const response = NextResponse.redirect(new URL(location, site), 303);
    const cleared = clearedStateCookie();
    response.cookies.set(cleared.name, cleared.value, cleared.options);
    // No document is ever shown at this address (it only redirects), so the token in it never becomes a Referer.
    response.headers.set("Cache-Control", "no-store");
    return response;
  };

  const limited = await refuseWhenOverLimit(request, "sign-in", getStores().counters);
  if (limited) return answer(`/login?error=${limited.status === 503 ? "SIGN_IN_UNAVAILABLE" : "RATE_LIMITED"}`);

  const jar = await cookies();
  const outcome = await finishDimoLogin({
    query: new URL(request.url).searchParams,
    stateCookie: stateCookieValue((name) => jar.get(name)?.value),
  });
  const response = answer(outcome.location);
  if (outcome.kind === "signed-in")
    response.cookies.set(outcome.session.name, outcome.session.value, outcome.session.options);
  return response;
}
