import Link from "next/link";
import { type EndedGrant } from "@/lib/share-links";
import { endedGrantDetail, endedGrantHeadline } from "./ended-grant-words";
import { PrivilegeBadges } from "./privilege-badges";

/**
 * Vehicles the dashboard saw come or go through a share link that DIMO no longer lists as shared: what each was, how
 * its grant ended as far as is known, and what brings it back. Vehicles shared by other means are not known here once
 * their grants end: DIMO's identity API lists only live grants.
 */
export function EndedGrants({ grants }: { grants: readonly EndedGrant[] }) {
  return (
    <section aria-labelledby="ended-grants-title" className="flex flex-col gap-3" data-testid="ended-grants">
      <h2 id="ended-grants-title" className="text-sm font-medium">
        {`No longer shared (${grants.length})`}
      </h2>
      <ul className="flex flex-col gap-2">
        {grants.map((grant) => (
          <li
            key={grant.tokenId}
            data-testid="ended-grant-row"
            data-token-id={grant.tokenId}
            data-ending={grant.ending}
            className="flex flex-col gap-1 rounded-lg border border-warning/40 bg-warning/5 p-3 text-sm"
          >
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Link href={`/vehicles/${grant.tokenId}`} className="font-medium hover:text-primary hover:underline">
                {grant.title}
              </Link>
              <span className="font-mono text-muted-foreground">{grant.tokenId}</span>
              <span className="font-medium text-warning" data-testid="ended-grant-headline">
                {endedGrantHeadline(grant)}
              </span>
            </div>
            <p className="text-muted-foreground">{endedGrantDetail(grant)}</p>
            {grant.privileges.length > 0 ? <PrivilegeBadges privileges={grant.privileges} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
