import { LANDING_KEPT_PARAMS } from "@/lib/share-links";

/**
 * Where share links send owners back (the redirect URI registered for the license). DIMO's login adds the owner's
 * User JWT, email and wallet address to the address; this handler drops them before anything else runs, so they
 * reach neither a page, nor the sign-in page's return address, nor the history, and passes on only what the summary
 * page reads. It reads and writes nothing, so it needs no session: the summary page behind it asks for one.
 */
export function GET(request: Request): Response {
  const received = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const name of LANDING_KEPT_PARAMS) for (const value of received.getAll(name)) kept.append(name, value);
  return new Response(null, {
    status: 303,
    headers: {
      Location: `/share/arrived${kept.size > 0 ? `?${kept.toString()}` : ""}`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
