import { queryOptions } from "@tanstack/react-query";
import { type TokenOverview } from "@/lib/models";
import { fetchJson } from "@/lib/result";

/**
 * The React Query key and read of the token inspector's list, through the dashboard's tokens route
 * (app/api/developer/tokens). A failure throws an AppFailure in the route's words.
 */
export const tokenKeys = { overview: () => ["developer", "tokens"] as const };

/** How often the open inspector looks again: the list changes whenever another page gets a token. */
const REFRESH_MS = 10_000;

export function tokensQuery() {
  return queryOptions({
    queryKey: tokenKeys.overview(),
    queryFn: ({ signal }) => fetchJson<TokenOverview>("/api/developer/tokens", { signal, cache: "no-store" }),
    // A visit after a while shows the server's list, then looks again at once.
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
  });
}
