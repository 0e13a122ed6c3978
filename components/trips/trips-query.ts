import { queryOptions } from "@tanstack/react-query";
import { listTripsAction } from "@/lib/actions/trips";
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

async function fetchTripsPage(tokenId: number, page: number): Promise<TripsPage> {
  const result = await listTripsAction({ tokenId, page });
  if (!result.ok) throw new TripsLoadError(result.error.code, result.error.message, result.error.retryable);
  return result.data;
}

export function tripsPageQuery(tokenId: number, page: number) {
  return queryOptions({ queryKey: tripsKeys.page(tokenId, page), queryFn: () => fetchTripsPage(tokenId, page) });
}
