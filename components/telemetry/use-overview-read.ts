"use client";

import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useHydrated } from "@/lib/hooks/use-now";
import { type AppError, toAppError } from "@/lib/result";

/**
 * A read the Overview's server started and streams to the browser (prefetched, not awaited, in overview.tsx), as one
 * react-query query for every panel that shows it: the server's answer fills the query when it arrives, and the
 * browser then refreshes it. A grant that does not allow the read asks nothing.
 */

export type OverviewReadState<T> =
  /** Before the answer and before hydration: values are shown in the viewer's locale and clock. */
  | { status: "loading" }
  /** The grant does not allow the read. */
  | { status: "unreadable" }
  | { status: "error"; error: AppError; retry: () => void; retrying: boolean }
  | { status: "ready"; data: T };

export function useOverviewRead<T, Key extends QueryKey>(
  options: UseQueryOptions<T, Error, T, Key>,
  readable: boolean,
): OverviewReadState<T> {
  const hydrated = useHydrated();
  const query = useQuery({ ...options, enabled: readable });
  if (!hydrated) return { status: "loading" };
  if (!readable) return { status: "unreadable" };
  if (query.data !== undefined) return { status: "ready", data: query.data };
  if (query.error)
    return {
      status: "error",
      error: toAppError(query.error),
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  return { status: "loading" };
}
