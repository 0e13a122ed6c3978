"use client";

import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type Context, use } from "react";
import { useHydrated } from "@/lib/hooks/use-now";
import { type AppError, type Result, toAppError } from "@/lib/result";

/**
 * A read the Overview's server started and streams to the browser, as one react-query query for every panel that
 * shows it: the calling component suspends until the server's answer arrives, that answer seeds the query, and the
 * browser then refreshes it. The seed is null when the grant does not allow the read, so nothing is read. A failed server
 * read is asked once more by the browser before it shows.
 */

export type SeededQueryState<T> =
  /** Before the server's answer and before hydration: values are shown in the viewer's locale and clock. */
  | { status: "loading" }
  /** The grant does not allow the read. */
  | { status: "unreadable" }
  | { status: "error"; error: AppError; retry: () => void; retrying: boolean }
  | { status: "ready"; data: T };

export function useSeededQuery<T, Key extends QueryKey>(
  seedContext: Context<Promise<Result<T>> | null>,
  options: UseQueryOptions<T, Error, T, Key>,
): SeededQueryState<T> {
  const seed = use(seedContext);
  const initial = seed ? use(seed) : null;
  const hydrated = useHydrated();
  const query = useQuery({
    ...options,
    initialData: initial?.ok ? initial.data : undefined,
    enabled: seed !== null,
  });
  if (!hydrated) return { status: "loading" };
  if (seed === null) return { status: "unreadable" };
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
