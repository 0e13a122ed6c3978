import "server-only";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { type TeamStore, createTeamStore } from "./team-store";

/** The process's team store, over the shared stores (Redis when configured, so every instance reads one team). */
export function getTeamStore(): TeamStore {
  return processWide("team-store", () => createTeamStore(getStores()));
}
