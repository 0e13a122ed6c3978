import "server-only";

export type DashboardRole = "owner" | "admin" | "viewer";

export interface AccessRules {
  /** The wallet that owns the Developer License, as the identity API says. */
  licenseOwner: () => Promise<string>;
  /** Lowercase addresses from DASHBOARD_ADMINS. */
  admins: readonly string[];
  /** The role an accepted invitation gave the wallet (the team store), or null. */
  memberRole?: (address: `0x${string}`) => Promise<DashboardRole | null>;
}

/**
 * Who may sign in: the license owner, the configured admins and the team's members; null for anyone else. The admin
 * list is checked first so that admins can still sign in while the identity API is unreachable, and a member too:
 * only when the wallet is nobody's member does an unreachable identity API stop the sign-in.
 */
export async function resolveRole(address: string, rules: AccessRules): Promise<DashboardRole | null> {
  const wallet = address.toLowerCase() as `0x${string}`;
  if (rules.admins.includes(wallet)) return "admin";
  let ownerUnknown: unknown = null;
  try {
    if ((await rules.licenseOwner()).toLowerCase() === wallet) return "owner";
  } catch (error) {
    ownerUnknown = error;
  }
  const member = (await rules.memberRole?.(wallet)) ?? null;
  if (member) return member;
  if (ownerUnknown) throw ownerUnknown;
  return null;
}
