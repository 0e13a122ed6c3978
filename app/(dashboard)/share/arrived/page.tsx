import type { Metadata } from "next";
import { LandingSummary } from "@/components/share/landing-summary";
import { PageError } from "@/components/ui/page-error";
import { landingPage, readLandingParams, sharedCountWords } from "@/lib/share-links";
import { pageResult } from "@/lib/server/page-data";
import { checkLanding } from "@/lib/server/share-links-history";

export const metadata: Metadata = { title: "Vehicles shared" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * What an owner's return through a share link brought, reached from the landing route (share/landing), which has
 * dropped the owner's token from the address. Reading it records nothing: it shows what DIMO says now about the
 * first page of vehicles the address names, and the signed-in person's confirm, a POST, records it.
 */
export default async function ShareArrivedPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { vehicles, revoked, utm, unreadable } = readLandingParams(await searchParams);
  const page = landingPage({ vehicles, revoked });
  const result = pageResult(await checkLanding({ vehicles: page.vehicles, revoked: page.revoked, utm }));
  const shared = result.ok ? result.data.shared.length : page.vehicles.length;
  const revokedCount = result.ok ? result.data.revoked.length : page.revoked.length;
  return (
    <div className="flex flex-col gap-6" data-testid="share-landing">
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="share-landing-count">
        {shared === 0 && revokedCount > 0 ? "A grant was revoked" : sharedCountWords(shared)}
      </h1>
      {result.ok ? (
        <LandingSummary outcome={result.data} link={utm} unreadable={unreadable} leftOut={page.leftOut} />
      ) : (
        <PageError error={result.error} title="What was shared could not be checked with DIMO." />
      )}
    </div>
  );
}
