import { Ban } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { type EndedGrant } from "@/lib/share-links";
import { endedGrantDetail, endedGrantHeadline } from "./ended-grant-words";

/**
 * A vehicle DIMO no longer lists as shared, that the dashboard saw come or go through a share link: how its grant
 * ended as far as is known, and what brings its data back.
 */
export function GrantEnded({ grant }: { grant: EndedGrant }) {
  return (
    <section
      data-testid="grant-ended"
      data-ending={grant.ending}
      aria-labelledby="grant-ended-title"
      className="flex flex-col gap-4"
    >
      <header className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight">{grant.title}</h1>
        <span className="text-muted-foreground">
          Token id <span className="font-mono text-foreground">{grant.tokenId}</span>
        </span>
      </header>
      <div className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4 text-sm">
        <Ban className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="flex flex-col gap-2">
          <h2 id="grant-ended-title" className="font-medium">
            {endedGrantHeadline(grant)}
          </h2>
          <p className="text-muted-foreground">{endedGrantDetail(grant)}</p>
          <div className="flex flex-wrap gap-3">
            <Link href="/share" className={buttonClasses("secondary", "sm")}>
              Build a share link
            </Link>
            <Link href="/vehicles" className={buttonClasses("ghost", "sm")}>
              Back to vehicles
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
