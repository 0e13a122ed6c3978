"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { LocalTime } from "@/components/trips/local-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { changeMemberRoleAction, removeMemberAction } from "@/lib/actions/team";
import { ROLE_NAMES, type InvitedRole, type MemberView, type TeamRole } from "@/lib/models/team";
import type { AppError } from "@/lib/result";

function joinedHow(member: MemberView): string {
  if (member.source.kind === "license") return "Owns the license";
  if (member.source.kind === "configuration") return "Set by configuration (DASHBOARD_ADMINS)";
  return `Invitation, signed in with ${member.source.via === "dimo" ? "DIMO" : "a wallet"}`;
}

/** The people who may sign in. The owner changes an invited member's role or removes them; the others read. */
export function MembersCard({
  members,
  viewer,
}: {
  members: MemberView[];
  viewer: { address: `0x${string}`; role: TeamRole };
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const isOwner = viewer.role === "owner";

  async function run(address: string, change: () => Promise<{ ok: true } | { ok: false; error: AppError }>) {
    setBusy(address);
    setError(null);
    const result = await change();
    setBusy(null);
    if (!result.ok) setError(result.error);
    router.refresh();
  }

  return (
    <Card>
      <CardHeader
        title="Members"
        description={
          isOwner
            ? "You can change an invited member's role or remove them: it holds on every instance within seconds."
            : "Only the license owner changes roles or removes members."
        }
      />
      {error ? <ErrorNotice error={error} testId="member-change-error" variant="line" className="mx-5 mt-3" /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="team-members">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-5 py-2 font-medium">Address</th>
              <th className="px-3 py-2 font-medium">Role</th>
              <th className="px-3 py-2 font-medium">How they joined</th>
              <th className="px-3 py-2 font-medium">Last seen</th>
              <th className="px-5 py-2 font-medium">
                <span className="sr-only">Changes</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const invited = member.source.kind === "invitation";
              return (
                <tr
                  key={member.address}
                  className="border-t border-border"
                  data-testid="team-member"
                  data-address={member.address}
                >
                  <td className="px-5 py-2 font-mono text-xs break-all">
                    {member.address}
                    {member.address === viewer.address ? (
                      <span className="ml-2 text-muted-foreground">(you)</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {isOwner && invited ? (
                      <select
                        aria-label={`Role of ${member.address}`}
                        className="rounded-md border border-border bg-card px-2 py-1"
                        value={member.role}
                        disabled={busy !== null}
                        onChange={(event) =>
                          void run(member.address, () =>
                            changeMemberRoleAction({
                              address: member.address,
                              role: event.target.value as InvitedRole,
                            }),
                          )
                        }
                      >
                        <option value="admin">Admin</option>
                        <option value="viewer">Viewer</option>
                      </select>
                    ) : (
                      <Badge tone={member.role === "viewer" ? "neutral" : "primary"}>{ROLE_NAMES[member.role]}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">
                    {joinedHow(member)}
                    {member.joinedAtMs ? (
                      <>
                        {" · "}
                        <LocalTime iso={new Date(member.joinedAtMs).toISOString()} />
                      </>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">
                    {member.lastSeenMs ? <LocalTime iso={new Date(member.lastSeenMs).toISOString()} /> : "Not yet"}
                  </td>
                  <td className="px-5 py-2 text-right">
                    {isOwner && invited ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => void run(member.address, () => removeMemberAction({ address: member.address }))}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
