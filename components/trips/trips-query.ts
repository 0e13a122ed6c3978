import { queryOptions } from "@tanstack/react-query";
import type { ActionError } from "@/lib/actions/guard";
import type { TripsPage } from "@/lib/models";
import { tripsKeys } from "./trips-keys";

/** A failed trips request, in the words the server chose; `code` tells a missing privilege from an outage. */
export class TripsLoadError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "TripsLoadError";
  }
}

/** One page through the dashboard's trips route (app/api/vehicles/[tokenId]/trips). */
async function fetchTripsPage(tokenId: number, page: number, signal: AbortSignal): Promise<TripsPage> {
  let response: Response;
  try {
    response = await fetch(`/api/vehicles/${tokenId}/trips?page=${page}`, { signal, cache: "no-store" });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TripsLoadError("NETWORK_ERROR", "The dashboard's server could not be reached. Check the connection and try again.", true);
  }
  const body = (await response.json().catch(() => null)) as TripsPage | { error?: ActionError } | null;
  if (response.ok && body && "trips" in body) return body;
  const error = body && "error" in body ? body.error : undefined;
  throw new TripsLoadError(
    error?.code ?? "INTERNAL",
    error?.message ?? `The dashboard's server answered ${response.status}. Try again in a moment.`,
    error?.retryable ?? response.status >= 500,
  );
}

export function tripsPageQuery(tokenId: number, page: number) {
  return queryOptions({
    queryKey: tripsKeys.page(tokenId, page),
    queryFn: ({ signal }) => fetchTripsPage(tokenId, page, signal),
  });
}
