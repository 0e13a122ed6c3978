/**
 * The dashboard's own team: who holds which role, and the invitations that bring people in. Client-safe: the Team
 * page and the join page show these; none holds an invitation's token (only the server ever sees it, and it keeps
 * its hash alone).
 */

export type TeamRole = "owner" | "admin" | "viewer";

/** The roles an invitation can give: the owner is the license's, never invited. */
export type InvitedRole = Exclude<TeamRole, "owner">;

export const ROLE_NAMES: Record<TeamRole, string> = { owner: "License owner", admin: "Admin", viewer: "Viewer" };

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export interface InvitationView {
  id: string;
  role: InvitedRole;
  createdBy: `0x${string}`;
  createdAtMs: number;
  expiresAtMs: number;
  state: InvitationState;
  /** Who accepted or revoked it, and when; null while pending or once expired. */
  ended: { by: `0x${string}`; atMs: number } | null;
}

/** How someone came to hold their role. */
type MemberSource =
  | { kind: "license" }
  | { kind: "configuration" }
  | { kind: "invitation"; invitationId: string; via: "wallet" | "dimo" };

export interface MemberView {
  address: `0x${string}`;
  role: TeamRole;
  source: MemberSource;
  joinedAtMs: number | null;
  lastSeenMs: number | null;
}

export interface TeamView {
  members: MemberView[];
  invitations: InvitationView[];
}
