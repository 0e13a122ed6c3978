import { Ban } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { type EndedGrant } from "@/lib/share-links";
import { endedGrantDetail, endedGrantHeadline } from "./ended-grant-words";
import { GrantNotice } from "./grant-notice";

/**
 * A vehicle DIMO no longer lists as shared, that the dashboard saw come or go through a share link: how its grant
 * ended as far as is known, and what brings its data back.
 */
export function GrantEnded({ grant }: { grant: EndedGrant }) {
  return (
    <GrantNotice
      id="grant-ended"
      title={grant.title}
      tokenId={grant.tokenId}
      icon={Ban}
      headline={endedGrantHeadline(grant)}
      data={{ "data-ending": grant.ending }}
    >
      <p className="text-muted-foreground">{endedGrantDetail(grant)}</p>
      <div className="flex flex-wrap gap-3">
        <Link href="/share" className={buttonClasses("secondary", "sm")}>
          Build a share link
        </Link>
        <Link href="/vehicles" className={buttonClasses("ghost", "sm")}>
          Back to vehicles
        </Link>
      </div>
    </GrantNotice>
  );
}
