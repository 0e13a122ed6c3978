import "server-only";
import { type DimoService } from "@/lib/protocol";
import { type HttpSettings, dimoFetch } from "./http";

/** Where a GraphQL query about one vehicle goes, with that vehicle's token. */
export interface VehicleQueryTarget {
  http: HttpSettings;
  /** The service's base address; the query is posted to `/query` under it. */
  baseUrl: string;
  token: string;
  tokenId: number;
}

/** Posts a GraphQL query with a Vehicle JWT to a DIMO service that answers about one vehicle (Telemetry, Fetch). */
export async function postVehicleQuery(
  service: DimoService,
  target: VehicleQueryTarget,
  query: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const response = await dimoFetch(target.http, {
    service,
    method: "POST",
    baseUrl: target.baseUrl,
    path: "/query",
    bearer: target.token,
    body: { json: { query, variables } },
    // A query and its variables name only the vehicle, signals, event types and times: the log may keep them for replay.
    logBody: true,
    // A query changes nothing, so it is as safe to repeat as a GET.
    retry: "idempotent",
    tokenKind: "vehicle",
    tokenId: target.tokenId,
  });
  return response.body;
}
