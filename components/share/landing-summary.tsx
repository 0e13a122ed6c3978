import Link from "next/link";
import { GrantExpiry } from "@/components/vehicles/grant-expiry";
import { PrivilegeBadges } from "@/components/vehicles/privilege-badges";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { type LandedVehicle, type LandingOutcome } from "@/lib/models/share-links";
import { LANDING_PAGE_MAX } from "@/lib/share-links";
import { LandingConfirm } from "./landing-confirm";

const named = (vehicles: LandedVehicle[]) =>
  vehicles.map((vehicle) => `${vehicle.title} (${vehicle.tokenId})`).join(", ");

/**
 * What an owner's return through a share link brought, as DIMO lists it now: the vehicles shared with the license
 * (each with its grant, linked to its pages), those it lists no grant on, the grants revoked, and those said to be
 * revoked that DIMO still lists. Nothing is recorded until the signed-in person confirms. The card keeps a fixed
 * least height, the loading skeleton's, so the page does not move when the check arrives.
 */
export function LandingSummary({
  outcome,
  link,
  unreadable,
  leftOut,
}: {
  outcome: LandingOutcome;
  link: string | null;
  unreadable: string[];
  leftOut: number;
}) {
  const { shared, notListed, revoked, stillListed } = outcome;
  const through = link
    ? `Through the link ${link}${outcome.link === null ? " (not one kept on this dashboard: its name is not recorded)" : ""}.`
    : "The link named no campaign.";
  const nothing = shared.length === 0 && revoked.length === 0 && notListed.length === 0 && stillListed.length === 0;
  return (
    <Card className="min-h-64">
      <CardHeader
        title={
          shared.length > 0
            ? "Shared with this license"
            : revoked.length > 0
              ? "Revoked"
              : nothing
                ? "Nothing came back"
                : "Nothing to record"
        }
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
        {nothing ? (
          <p className="text-muted-foreground">
            DIMO&apos;s login sent no shared vehicles back: the owner may have shared none, or left before approving.
          </p>
        ) : null}
        {notListed.length > 0 ? (
          <p data-testid="share-landing-not-listed">
            {`DIMO lists no grant to this license on ${notListed.map((id) => `vehicle ${id}`).join(", ")}: the owner ` +
              "may have revoked it since, or the address was not one DIMO's login wrote. Nothing is recorded for it."}
          </p>
        ) : null}
        {revoked.length > 0 ? (
          <p data-testid="share-landing-revoked">{`The owner revoked the grant of ${named(revoked)}.`}</p>
        ) : null}
        {stillListed.length > 0 ? (
          <p data-testid="share-landing-still-listed">
            {`DIMO still lists this license's grant on ${named(stillListed)}: it is not recorded as revoked.`}
          </p>
        ) : null}
        {leftOut > 0 ? (
          <p className="text-muted-foreground" data-testid="share-landing-left-out">
            {`A landing checks at most ${LANDING_PAGE_MAX} vehicles with DIMO: the ${leftOut} after them were left out.`}
          </p>
        ) : null}
        {unreadable.length > 0 ? (
          <p className="text-muted-foreground">{`Not vehicle ids, left out: ${unreadable.join(", ")}.`}</p>
        ) : null}
        {shared.length > 0 || revoked.length > 0 ? <LandingConfirm checked={outcome} utm={link} /> : null}
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
