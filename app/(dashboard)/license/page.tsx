import type { Metadata } from "next";
import { LicenseChangesLazy } from "@/components/license/license-changes-lazy";
import { LicenseSummary } from "@/components/license/license-summary";
import { PageError } from "@/components/ui/page-error";
import { requireSession } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/server/api-keys";
import { pageResult } from "@/lib/server/page-data";
import { loadLicense } from "./load-license";

export const metadata: Metadata = { title: "License" };
export const dynamic = "force-dynamic";

/**
 * The Developer License as the chain holds it now, and the owner's changes to it, each a transaction of the owner's
 * wallet. Admins read; a DIMO account (a smart account) is sent to DIMO's console to change anything.
 */
export default async function LicensePage() {
  const session = await requireSession();
  const [chainResult, keysResult] = await Promise.all([loadLicense(), listApiKeys()]);
  const onChain = pageResult(chainResult);
  const keys = pageResult(keysResult);
  if (!onChain.ok) return <PageError error={onChain.error} title="The license could not be read from its chain." />;
  if (!keys.ok) return <PageError error={keys.error} title="The license's API keys could not be read." />;
  const license = { ...onChain.data, keys: keys.data };
  const changer =
    session.role !== "owner"
      ? ({ can: false, reason: "Only the license's owner can change it; admins read." } as const)
      : session.signedInWith?.via === "dimo"
        ? ({
            can: false,
            reason:
              "You signed in with a DIMO account (a smart account): this page sends changes from a wallet only. Here is where to make each one, or sign in with the owner's wallet.",
            smartAccount: true,
          } as const)
        : ({ can: true } as const);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">License</h1>
        <p className="text-sm text-muted-foreground">
          The Developer License on {license.chain.name}: every change is a transaction signed by the owner&apos;s
          wallet.
        </p>
      </div>
      <LicenseSummary license={license} />
      <LicenseChangesLazy license={license} changer={changer} />
    </div>
  );
}
