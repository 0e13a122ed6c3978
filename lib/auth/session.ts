import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getConfig } from "@/lib/config";
import { getAuthOptions } from "./options";

/** Who is signed in to the dashboard. */
export interface DashboardSession {
  /** The signed-in wallet, lowercase. */
  address: `0x${string}`;
  role: "owner" | "admin";
}

/**
 * The session of the current request, or null when nobody is signed in. Every server action and route handler
 * calls this itself (through the action guard); a page-level check does not protect them.
 */
export const getSession = cache(async (): Promise<DashboardSession | null> => {
  const session = await getServerSession(getAuthOptions());
  const address = session?.address;
  const role = session?.role;
  if (!address || !role) return null;
  // An admin removed from DASHBOARD_ADMINS loses access at once, not when the session cookie expires.
  if (role === "admin" && !getConfig().admins.includes(address)) return null;
  return { address, role };
});

/** For pages: the session, or a redirect to the sign-in page. */
export async function requireSession(): Promise<DashboardSession> {
  const session = await getSession();
  if (!session) redirect("/login");
  return session;
}
