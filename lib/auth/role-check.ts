import "server-only";
import { getConfig } from "@/lib/config";
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
const MAX_ENTRIES = 1_000;

type Checked = { role: DashboardRole | null; until: number } | { role: "unknown"; until: number };
const checked = new Map<string, Checked>();

export async function currentRole(
  address: `0x${string}`,
  sessionRole: DashboardRole,
  now = Date.now(),
): Promise<DashboardRole | null> {
  const { admins } = getConfig();
  if (admins.includes(address)) return "admin";
  const hit = checked.get(address);
  if (hit && hit.until > now) return hit.role === "unknown" ? sessionRole : hit.role;

  let entry: Checked;
  try {
    entry = { role: await resolveRole(address, { licenseOwner, admins }), until: now + ROLE_RECHECK_MS };
  } catch {
    entry = { role: sessionRole === "owner" ? "unknown" : null, until: now + RETRY_AFTER_FAILURE_MS };
  }
  if (checked.size >= MAX_ENTRIES) checked.clear();
  checked.set(address, entry);
  return entry.role === "unknown" ? sessionRole : entry.role;
}

/** Forgets the cached answers (tests). */
export function forgetRoleChecks(): void {
  checked.clear();
}
