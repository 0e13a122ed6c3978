import "server-only";
import { getConfig } from "@/lib/config";
import { processWideCache, ttlBelow } from "@/lib/process-wide";
import { isStoreUnavailable } from "@/lib/store/types";
import { getTeamStore } from "@/lib/team";
import { type DashboardRole } from "./access";
import { licenseOwner } from "./license-owner";

/**
 * The role a wallet holds now. The admin list is read on every call (it is in memory), and so is the team's record
 * of members (one read of the shared store), so a member the owner removed or narrowed loses it on every instance at
 * their next request. Whether the wallet owns the license comes from the identity API, which is why that answer is
 * kept for ROLE_RECHECK_MS: a former license owner loses their session within minutes.
 */

export const ROLE_RECHECK_MS = 5 * 60_000;
// When the identity API cannot answer, the session keeps the role it had and the check is tried again soon.
const RETRY_AFTER_FAILURE_MS = 30_000;

type Ownership = "owner" | "not-owner" | "unknown";

/**
 * The answers by wallet. Wallets come from signed-in sessions, so many more than this is a flood, not a team: the
 * least recently checked are then asked again.
 */
const ownershipChecks = () =>
  processWideCache<`0x${string}`, Ownership>("role-checks", { max: 1_000, ttl: ttlBelow(ROLE_RECHECK_MS) });

export async function currentRole(address: `0x${string}`, sessionRole: DashboardRole): Promise<DashboardRole | null> {
  const { admins } = getConfig();
  if (admins.includes(address)) return "admin";
  const ownership = ownershipChecks().get(address) ?? (await checkOwnership(address, sessionRole));
  if (ownership === "owner") return "owner";
  if (ownership === "unknown") return sessionRole;
  try {
    return await getTeamStore().memberRole(address);
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    // While the shared store is away a member keeps the role their session had, as a revocation mirror would.
    return sessionRole === "owner" ? null : sessionRole;
  }
}

/** Asks whether the wallet owns the license and keeps the answer, or, when the identity API cannot answer, what to do meanwhile. */
async function checkOwnership(address: `0x${string}`, sessionRole: DashboardRole): Promise<Ownership> {
  try {
    const owner = (await licenseOwner()).toLowerCase() === address ? "owner" : "not-owner";
    ownershipChecks().set(address, owner);
    return owner;
  } catch {
    const entry: Ownership = sessionRole === "owner" ? "unknown" : "not-owner";
    ownershipChecks().set(address, entry, { ttl: ttlBelow(RETRY_AFTER_FAILURE_MS) });
    return entry;
  }
}

/** Forgets the cached answers (tests). */
export function forgetRoleChecks(): void {
  ownershipChecks().clear();
}
