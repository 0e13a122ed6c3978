import { ShieldX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Wallet not allowed" };

/** Says who was refused and how to get in; says nothing about the license itself. */
export default async function NotAllowedPage({ searchParams }: { searchParams: Promise<{ address?: string | string[] }> }) {
  const { address } = await searchParams;
  const wallet = typeof address === "string" && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : null;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md p-6 text-center" data-testid="not-allowed">
        <ShieldX className="mx-auto mb-3 size-10 text-danger" aria-hidden />
        <h1 className="text-lg font-semibold">This wallet is not allowed</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {wallet ? <span className="font-mono break-all">{wallet}</span> : "This wallet"} cannot sign in to this dashboard. Only the
          wallet that owns the Developer License and the admins its operator has added may use it.
        </p>
        <Link href="/login" className={buttonClasses("secondary", "md", "mt-5")}>
          Sign in with another wallet
        </Link>
      </Card>
    </main>
  );
}
