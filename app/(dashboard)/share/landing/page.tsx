import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { readLandingParams, sharedCountWords } from "@/lib/share-links";
import { listShareLinks } from "@/lib/server/share-links";

export const metadata: Metadata = { title: "Vehicles shared" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The only parameters this page reads; DIMO's login also sends the owner's token, email and wallet address. */
const KEPT_PARAMS = ["sharedVehicles", "revokedVehicles", "utm"];

/**
 * Where a share link sends owners back once they have shared: how many vehicles, which, through which link. The
 * owner's User JWT, email and wallet address that DIMO's login adds are dropped from the address at once, so they
 * stay neither in the address bar nor in the history.
 */
export default async function ShareLandingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  if (Object.keys(params).some((name) => !KEPT_PARAMS.includes(name))) {
    const kept = new URLSearchParams();
    for (const name of KEPT_PARAMS) {
      const value = params[name];
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) kept.append(name, item);
    }
    redirect(`/share/landing${kept.size > 0 ? `?${kept.toString()}` : ""}`);
  }

  const { vehicles, revoked, utm, unreadable } = readLandingParams(params);
  const links = utm ? await listShareLinks() : null;
  const known = utm && links?.ok ? links.data.some((link) => link.name === utm) : false;
  return (
    <div className="flex flex-col gap-6" data-testid="share-landing">
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="share-landing-count">
        {vehicles.length === 0 && revoked.length > 0 ? "A grant was revoked" : sharedCountWords(vehicles.length)}
      </h1>
      <Card>
        <CardHeader
          title={
            vehicles.length > 0 ? "Shared with this license" : revoked.length > 0 ? "Revoked" : "Nothing came back"
          }
          description={
            utm
              ? `Through the link ${utm}${known ? "" : " (not one kept on this dashboard)"}.`
              : "The link named no campaign."
          }
        />
        <div className="flex flex-col gap-4 px-5 py-4 text-sm">
          {vehicles.length > 0 ? (
            <ul className="flex flex-wrap gap-2" data-testid="share-landing-vehicles">
              {vehicles.map((tokenId) => (
                <li key={tokenId}>
                  <Link href={`/vehicles/${tokenId}`} className={buttonClasses("secondary", "sm")}>
                    {`Vehicle ${tokenId}`}
                  </Link>
                </li>
              ))}
            </ul>
          ) : revoked.length > 0 ? null : (
            <p className="text-muted-foreground">
              DIMO&apos;s login sent no shared vehicles back: the owner may have shared none, or left before approving.
            </p>
          )}
          {revoked.length > 0 ? (
            <p data-testid="share-landing-revoked">{`The owner revoked the grant of ${revoked
              .map((tokenId) => `vehicle ${tokenId}`)
              .join(", ")}.`}</p>
          ) : null}
          {unreadable.length > 0 ? (
            <p className="text-muted-foreground">{`Not vehicle ids, left out: ${unreadable.join(", ")}.`}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Link href="/vehicles" className={buttonClasses("primary", "sm")} data-testid="share-landing-vehicle-list">
              Open the vehicle list
            </Link>
            <Link href="/share" className={buttonClasses("ghost", "sm")}>
              Build another link
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
