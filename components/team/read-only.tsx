"use client";

import { createContext, useContext } from "react";
import type { TeamRole } from "@/lib/models/team";

/**
 * What the signed-in person's role lets them do, for the buttons of every page: a viewer's are off and say why. The
 * server refuses a viewer's change whatever a button shows; this only keeps the page honest about it.
 */

// Outside the dashboard's frame (a component on its own, in a test) nothing is off: the server decides anyway.
const RoleContext = createContext<TeamRole | null>(null);

const VIEWER_REASON = "Viewers can look but not change anything: ask the license owner or an admin.";

export function RoleProvider({ role, children }: { role: TeamRole; children: React.ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** The reason the person cannot change things, or null when they can. */
export function useReadOnlyReason(): string | null {
  return useContext(RoleContext) === "viewer" ? VIEWER_REASON : null;
}

/** The reason in words beside a group of buttons that are off for a viewer; nothing for anyone else. */
export function ReadOnlyReason({ className }: { className?: string }) {
  const reason = useReadOnlyReason();
  if (!reason) return null;
  return (
    <p data-testid="read-only-reason" className={className ?? "text-xs text-muted-foreground"}>
      {reason}
    </p>
  );
}
