import type { Metadata } from "next";
import { LandingSummary } from "@/components/share/landing-summary";
import { PageError } from "@/components/ui/page-error";
import { readLandingParams, sharedCountWords } from "@/lib/share-links";
import { pageResult } from "@/lib/server/page-data";
import { listShareLinks } from "@/lib/server/share-links";
import { recordLanding } from "@/lib/server/share-links-history";

export const metadata: Metadata = { title: "Vehicles shared" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * What an owner's return through a share link brought, reached from the landing route (share/landing), which has
 * dropped the owner's token from the address. Reading it records, for the vehicle list, which link brought which
 * vehicle, once DIMO confirms each grant.
 */
export default async function ShareArrivedPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { vehicles, revoked, utm, unreadable } = readLandingParams(await searchParams);
  const [recorded, links] = await Promise.all([recordLanding({ vehicles, revoked, utm }), listShareLinks()]);
  const result = pageResult(recorded);
  const linkKept = utm !== null && links.ok && links.data.some((link) => link.name === utm);
  const shared = result.ok ? result.data.shared.length : vehicles.length;
  return (
    <div className="flex flex-col gap-6" data-testid="share-landing">
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="share-landing-count">
        {shared === 0 && revoked.length > 0 ? "A grant was revoked" : sharedCountWords(shared)}
      </h1>
      {result.ok ? (
        <LandingSummary outcome={result.data} link={utm} linkKept={linkKept} unreadable={unreadable} />
      ) : (
        <PageError error={result.error} title="What was shared could not be checked with DIMO." />
      )}
    </div>
  );
}
