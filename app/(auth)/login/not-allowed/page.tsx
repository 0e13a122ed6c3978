import { ShieldX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Account not allowed" };

/** Says who was refused and how to be added; says nothing about the license itself. */
export default async function NotAllowedPage({
  searchParams,
}: {
  searchParams: Promise<{ address?: string | string[]; via?: string | string[] }>;
}) {
  const { address, via } = await searchParams;
  const wallet = typeof address === "string" && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : null;
  const dimo = via === "dimo";
  const noun = dimo ? "DIMO account" : "wallet";
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md p-6 text-center" data-testid="not-allowed">
        <ShieldX className="mx-auto mb-3 size-10 text-danger" aria-hidden />
        <h1 className="text-lg font-semibold">This {noun} is not allowed</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {wallet ? <span className="font-mono break-all">{wallet}</span> : `This ${noun}`} cannot sign in to this
          dashboard. Only the wallet that owns the Developer License, the admins its operator has added and the
          team&apos;s members may use it.
        </p>
        <p className="mt-3 text-sm text-muted-foreground" data-testid="how-to-be-added">
          To join, ask the license owner or an admin for an invitation link and sign in through it. Or send this address
          to whoever runs the dashboard: they list it in the <code className="font-mono">DASHBOARD_ADMINS</code> setting
          (addresses separated by commas) and restart it.
        </p>
        <Link href="/login" className={buttonClasses("secondary", "md", "mt-5")}>
          Sign in another way
        </Link>
      </Card>
    </main>
  );
}
