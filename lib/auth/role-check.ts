import "server-only";
import { getConfig } from "@/lib/config";
import { processWideCache, ttlBelow } from "@/lib/process-wide";
import { type DashboardRole, resolveRole } from "./access";
import { licenseOwner } from "./license-owner";

/**
 * The role a wallet holds now, re-checked at least every ROLE_RECHECK_MS, so a former license owner or a removed admin
 * loses their session within minutes. The admin list is read on every call (it is in memory); the license owner comes
 * from the identity API, which is why the answer is kept for a while.
 */

export const ROLE_RECHECK_MS = 5 * 60_000;
// When the identity API cannot answer, the session keeps the role it had and the check is tried again soon.
const RETRY_AFTER_FAILURE_MS = 30_000;

type Checked = { role: DashboardRole | null } | { role: "unknown" };

/**
 * The answers by wallet. Wallets come from signed-in sessions, so many more than this is a flood, not a team: the
 * least recently checked are then asked again.
 */
const roleChecks = () =>
  processWideCache<`0x${string}`, Checked>("role-checks", { max: 1_000, ttl: ttlBelow(ROLE_RECHECK_MS) });

export async function currentRole(address: `0x${string}`, sessionRole: DashboardRole): Promise<DashboardRole | null> {
  const { admins } = getConfig();
  if (admins.includes(address)) return "admin";
  const entry = roleChecks().get(address) ?? (await checkRole(address, sessionRole, admins));
  return entry.role === "unknown" ? sessionRole : entry.role;
}

/** Asks for the wallet's role and keeps the answer, or, when the identity API cannot answer, what to do meanwhile. */
async function checkRole(
  address: `0x${string}`,
  sessionRole: DashboardRole,
  admins: readonly string[],
): Promise<Checked> {
  try {
    const entry = { role: await resolveRole(address, { licenseOwner, admins }) };
    roleChecks().set(address, entry);
    return entry;
  } catch {
    const entry: Checked = { role: sessionRole === "owner" ? "unknown" : null };
    roleChecks().set(address, entry, { ttl: ttlBelow(RETRY_AFTER_FAILURE_MS) });
    return entry;
  }
}

/** Forgets the cached answers (tests). */
export function forgetRoleChecks(): void {
  roleChecks().clear();
}
