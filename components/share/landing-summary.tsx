import Link from "next/link";
import { GrantExpiry } from "@/components/vehicles/grant-expiry";
import { PrivilegeBadges } from "@/components/vehicles/privilege-badges";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { type LandingOutcome } from "@/lib/server/share-links-history";

/**
 * What an owner's return through a share link brought: the vehicles DIMO now lists as shared with the license (each
 * with its grant, linked to its pages), those it lists no grant on, and the grants the owner revoked.
 */
export function LandingSummary({
  outcome,
  link,
  linkKept,
  unreadable,
}: {
  outcome: LandingOutcome;
  link: string | null;
  linkKept: boolean;
  unreadable: string[];
}) {
  const { shared, notListed, revoked } = outcome;
  const through = link
    ? `Through the link ${link}${linkKept ? "" : " (not one kept on this dashboard)"}.`
    : "The link named no campaign.";
  return (
    <Card>
      <CardHeader
        title={shared.length > 0 ? "Shared with this license" : revoked.length > 0 ? "Revoked" : "Nothing came back"}
        description={through}
      />
      <div className="flex flex-col gap-4 px-5 py-4 text-sm">
        {shared.length > 0 ? (
          <ul className="flex flex-col gap-2" data-testid="share-landing-vehicles">
            {shared.map((vehicle) => (
              <li key={vehicle.tokenId} className="flex flex-wrap items-center gap-3" data-token-id={vehicle.tokenId}>
                <Link href={`/vehicles/${vehicle.tokenId}`} className="font-medium hover:text-primary hover:underline">
                  {vehicle.title}
                </Link>
                <span className="font-mono text-muted-foreground">{vehicle.tokenId}</span>
                <PrivilegeBadges privileges={vehicle.grant?.privileges ?? []} />
                <span className="text-muted-foreground">
                  until <GrantExpiry expiresAt={vehicle.grant?.expiresAt ?? null} />
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {shared.length === 0 && revoked.length === 0 && notListed.length === 0 ? (
          <p className="text-muted-foreground">
            DIMO&apos;s login sent no shared vehicles back: the owner may have shared none, or left before approving.
          </p>
        ) : null}
        {notListed.length > 0 ? (
          <p data-testid="share-landing-not-listed">
            {`DIMO lists no grant to this license on ${notListed.map((id) => `vehicle ${id}`).join(", ")}: the owner ` +
              "may have revoked it since, or the address was not one DIMO's login wrote. Nothing was recorded for it."}
          </p>
        ) : null}
        {revoked.length > 0 ? (
          <p data-testid="share-landing-revoked">{`The owner revoked the grant of ${revoked
            .map((vehicle) => `${vehicle.title} (${vehicle.tokenId})`)
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
  );
}
