"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { LocalTime } from "@/components/trips/local-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { LinkQr } from "@/components/ui/link-qr";
import { ErrorNotice } from "@/components/ui/error-notice";
import { createInvitationAction, revokeInvitationAction } from "@/lib/actions/team";
import {
  ROLE_NAMES,
  type InvitationState,
  type InvitationView,
  type InvitedRole,
  type TeamRole,
} from "@/lib/models/team";
import type { AppError } from "@/lib/result";
import { ReadOnlyReason, useReadOnlyReason } from "./read-only";

const STATE_TONES: Record<InvitationState, "primary" | "success" | "neutral" | "warning"> = {
  pending: "primary",
  accepted: "success",
  expired: "neutral",
  revoked: "warning",
};

const STATE_NAMES: Record<InvitationState, string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

/**
 * Invitations: a single-use link that expires, made here, shown once to copy or scan. No email is sent: the link is
 * the invitation. The owner invites admins and viewers; admins invite viewers.
 */
export function InvitationsCard({ invitations, role }: { invitations: InvitationView[]; role: TeamRole }) {
  const router = useRouter();
  const readOnly = useReadOnlyReason();
  const [invitedRole, setInvitedRole] = useState<InvitedRole>("viewer");
  const [days, setDays] = useState("7");
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const canRevoke = (invitation: InvitationView) =>
    invitation.state === "pending" && readOnly === null && (role === "owner" || invitation.role === "viewer");

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await createInvitationAction({ role: invitedRole, expiresInDays: Number(days) });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setLink(result.data.link);
    router.refresh();
  }

  async function revoke(id: string) {
    setError(null);
    const result = await revokeInvitationAction({ id });
    if (!result.ok) setError(result.error);
    router.refresh();
  }

  return (
    <Card>
      <CardHeader
        title="Invitations"
        description="No email is sent: the link is the invitation. It works once, until it expires; whoever signs in through it joins with its role."
      />
      <div className="flex flex-col gap-4 px-5 py-4">
        <form onSubmit={(event) => void invite(event)} className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            Role
            <select
              name="role"
              className="h-10 rounded-md border border-border bg-card px-2"
              value={invitedRole}
              onChange={(event) => setInvitedRole(event.target.value as InvitedRole)}
              disabled={readOnly !== null}
            >
              <option value="viewer">Viewer: sees everything, changes nothing</option>
              {role === "owner" ? <option value="admin">Admin: changes webhooks, offers, share links</option> : null}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Expires after (days)
            <input
              name="expiresInDays"
              type="number"
              min="0.0001"
              max="30"
              step="any"
              className="h-10 w-28 rounded-md border border-border bg-card px-2"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              disabled={readOnly !== null}
            />
          </label>
          <Button type="submit" disabled={busy || readOnly !== null} title={readOnly ?? undefined}>
            Make an invitation link
          </Button>
          <ReadOnlyReason className="basis-full text-xs text-muted-foreground" />
        </form>
        {error ? <ErrorNotice error={error} testId="invitation-error" variant="line" /> : null}
        {link ? (
          <div
            className="flex flex-col gap-3 rounded-md border border-border p-3 sm:flex-row sm:items-center"
            data-testid="new-invitation"
          >
            <LinkQr
              url={link}
              label="QR code of the invitation link"
              testId="invitation-qr"
              className="size-40 shrink-0"
            />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="text-sm">Send this link to the person you invite. It is shown once; it works once.</p>
              <p className="flex items-center gap-2 font-mono text-xs break-all">
                <span data-testid="invitation-link">{link}</span>
                <CopyButton value={link} label="Copy invitation link" />
              </p>
            </div>
          </div>
        ) : null}
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" data-testid="invitations">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
                data-testid="invitation"
                data-state={invitation.state}
              >
                <Badge tone={STATE_TONES[invitation.state]}>{STATE_NAMES[invitation.state]}</Badge>
                <span>{ROLE_NAMES[invitation.role]}</span>
                <span className="text-muted-foreground">
                  by <span className="font-mono text-xs">{invitation.createdBy}</span>
                </span>
                <span className="text-muted-foreground">
                  {invitation.ended ? (
                    <>
                      {invitation.state === "accepted" ? "accepted by " : "revoked by "}
                      <span className="font-mono text-xs">{invitation.ended.by}</span>,{" "}
                      <LocalTime iso={new Date(invitation.ended.atMs).toISOString()} />
                    </>
                  ) : (
                    <>
                      {invitation.state === "expired" ? "expired " : "expires "}
                      <LocalTime iso={new Date(invitation.expiresAtMs).toISOString()} />
                    </>
                  )}
                </span>
                {canRevoke(invitation) ? (
                  <Button variant="secondary" size="sm" className="ml-auto" onClick={() => void revoke(invitation.id)}>
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
