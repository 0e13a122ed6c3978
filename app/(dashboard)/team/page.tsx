import type { Metadata } from "next";
import { InvitationsCard } from "@/components/team/invitations-card";
import { MembersCard } from "@/components/team/members-card";
import { PageError } from "@/components/ui/page-error";
import { requireSession } from "@/lib/auth/session";
import { pageResult } from "@/lib/server/page-data";
import { readTeam } from "@/lib/server/team";

export const metadata: Metadata = { title: "Team" };
export const dynamic = "force-dynamic";

/** Who holds which role on this license, and the invitations that bring people in. */
export default async function TeamPage() {
  const session = await requireSession();
  const team = pageResult(await readTeam());
  if (!team.ok) return <PageError error={team.error} title="The team could not be read." />;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
        <p className="text-sm text-muted-foreground">
          The license owner, admins and viewers. Viewers see everything an admin sees and change nothing.
        </p>
      </div>
      <MembersCard members={team.data.members} viewer={{ address: session.address, role: session.role }} />
      <InvitationsCard invitations={team.data.invitations} role={session.role} />
    </div>
  );
}
