import { QueryClient, defaultShouldDehydrateQuery, isServer } from "@tanstack/react-query";

/**
 * The one way the server seeds react-query (TanStack's "Advanced Server Rendering" for the App Router): a server
 * component takes a client from `getQueryClient()`, calls `prefetchQuery` with the query's options from the feature's
 * `*-queries.ts` and a `queryFn` that reads through the same guarded server read as the route, and wraps the client
 * part in `<HydrationBoundary state={dehydrate(queryClient)}>`; the client part calls `useQuery` (or
 * `useSuspenseQuery`) with the same options. A prefetch that is awaited arrives with its section; one that is not
 * awaited is dehydrated while pending and streams its answer to the browser when the read ends.
 */
export function makeQueryClient(onServer: boolean): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data from DIMO changes slowly; avoid refetching on every focus or remount.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: false,
      },
      dehydrate: {
        // A read still running is handed over as its promise, so a section need not wait for it to stream.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      // A server read that failed reaches the browser without its words (errors are not dehydrated, and a streamed
      // one is redacted): the browser asks its route once more, and shows that answer's error if it fails again.
      hydrate: onServer ? undefined : { queries: { retry: 1, retryDelay: 0 } },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** A new client per server render (no data shared between requests), and one client for the life of the browser tab. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient(true);
  browserQueryClient ??= makeQueryClient(false);
  return browserQueryClient;
}
