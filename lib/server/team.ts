import "server-only";
import { licenseOwner } from "@/lib/auth/license-owner";
import { getConfig } from "@/lib/config";
import type { MemberView, TeamView } from "@/lib/models/team";
import { getTeamStore } from "@/lib/team";
import { guarded } from "./guard";
import { noInput } from "./inputs";

/**
 * The Team page's read: the license's owner, the admins named by DASHBOARD_ADMINS (set by configuration, changed by
 * a redeploy only), the members who joined by invitation, and the invitations. Open to every role; no token is in it.
 */
export const readTeam = guarded(noInput, async function readTeam(): Promise<TeamView> {
  const team = getTeamStore();
  const owner = (await licenseOwner()).toLowerCase() as `0x${string}`;
  const configured = getConfig().admins.filter((address) => address !== owner);
  const members = (await team.listMembers()).filter(
    (member) => member.address !== owner && !configured.includes(member.address),
  );
  const fixed = async (address: `0x${string}`, role: "owner" | "admin"): Promise<MemberView> => ({
    address,
    role,
    source: { kind: role === "owner" ? "license" : "configuration" },
    joinedAtMs: null,
    lastSeenMs: await team.lastSeen(address),
  });
  return {
    members: [
      await fixed(owner, "owner"),
      ...(await Promise.all(configured.map((address) => fixed(address, "admin")))),
      ...members,
    ],
    invitations: await team.listInvitations(),
  };
});
