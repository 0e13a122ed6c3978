import "server-only";
import { processWideCache } from "@/lib/process-wide";
import { getTeamStore } from "@/lib/team";

/** How often one instance writes a wallet's "last seen": the Team page shows it to the minute at best. */
const NOTE_EVERY_MS = 60_000;

const noted = () => processWideCache<`0x${string}`, true>("last-seen-noted", { max: 1_000, ttl: NOTE_EVERY_MS });

/** Notes that the wallet was seen now, at most once a minute per instance; never delays nor fails the request. */
export function noteSeen(address: `0x${string}`): void {
  if (noted().has(address)) return;
  noted().set(address, true);
  getTeamStore()
    .noteSeen(address)
    .catch(() => noted().delete(address));
}
