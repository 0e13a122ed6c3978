import "server-only";

export type DashboardRole = "owner" | "admin";

export interface AccessRules {
  /** The wallet that owns the Developer License, as the identity API says. */
  licenseOwner: () => Promise<string>;
  /** Lowercase addresses from DASHBOARD_ADMINS. */
  admins: readonly string[];
}

/**
 * Who may sign in: the license owner and the configured admins; null for anyone else. The admin list is checked
 * first so that admins can still sign in while the identity API is unreachable.
 */
export async function resolveRole(address: string, rules: AccessRules): Promise<DashboardRole | null> {
  const wallet = address.toLowerCase();
  if (rules.admins.includes(wallet)) return "admin";
  const owner = await rules.licenseOwner();
  return owner.toLowerCase() === wallet ? "owner" : null;
}
