import "server-only";
import { type DimoService } from "@/lib/config";

/** How messages name each DIMO service. */
export const SERVICE_NAMES: Record<DimoService, string> = {
  auth: "authentication",
  tokenExchange: "token exchange",
  identity: "identity",
  trips: "trips",
  valuations: "valuations",
};
