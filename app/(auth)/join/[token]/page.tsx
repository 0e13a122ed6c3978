import type { Metadata } from "next";
import Link from "next/link";
import { LoginPanel } from "@/components/auth/login-panel";
import { LocalTime } from "@/components/trips/local-time";
import { Card } from "@/components/ui/card";
import { getDemoWallet } from "@/lib/auth/demo-wallet";
import { getConfig } from "@/lib/config";
import { ROLE_NAMES, type InvitationState } from "@/lib/models/team";
import { getTeamStore } from "@/lib/team";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

const ENDED: Record<InvitationState, string> = {
  pending: "",
  accepted: "This invitation was already used: it works once.",
  expired: "This invitation has expired.",
  revoked: "This invitation was revoked.",
};

/**
 * Where an invitation link leads. Opening it changes nothing (a link preview or a scanner may open it): it says what
 * the invitation is, and offers the sign-in, which carries the invitation and accepts it at its POST.
 */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await getTeamStore().findInvitation(token);
  const config = getConfig();

  if (!invitation || invitation.state !== "pending") {
    return (
      <main className="flex min-h-screen items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md p-6" data-testid="invitation-refused">
          <h1 className="text-lg font-semibold">Invitation</h1>
          <p role="alert" className="mt-2 text-sm">
            {invitation ? ENDED[invitation.state] : "This invitation link is not valid."} Ask whoever invited you for a
            new link.
          </p>
          <Link href="/login" className="mt-4 inline-block text-sm underline">
            Sign in without an invitation
          </Link>
        </Card>
      </main>
    );
  }

  const demo = await getDemoWallet();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="w-full max-w-md text-sm sm:max-w-2xl" data-testid="invitation-offer">
        <h1 className="text-xl font-semibold">You are invited to the DIMO Developer Dashboard</h1>
        <p className="mt-1 text-muted-foreground">
          As <strong>{ROLE_NAMES[invitation.role]}</strong>
          {invitation.role === "viewer" ? " (you see everything and change nothing)" : ""}, by{" "}
          <span className="font-mono text-xs">{invitation.createdBy}</span>. This link is the invitation: sign in below
          with your wallet or your DIMO account and you join. It works once, until{" "}
          <LocalTime iso={new Date(invitation.expiresAtMs).toISOString()} />.
        </p>
      </div>
      <LoginPanel
        expectedOrigin={new URL(config.publicUrl).origin}
        callbackPath="/vehicles"
        demoAddress={demo?.address}
        initialError={undefined}
        invitation={token}
      />
    </main>
  );
}
