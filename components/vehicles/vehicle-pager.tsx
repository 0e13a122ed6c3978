import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { type RosterQuery, rosterSearch } from "@/lib/roster/query";

/** Previous and next page of the vehicle list, as links: the page number lives in the URL with the query. */
export function VehiclePager({ query, page, pageCount }: { query: RosterQuery; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (to: number) => `/vehicles${rosterSearch({ ...query, page: to })}`;
  return (
    <nav
      aria-label="Pages of vehicles"
      className="flex items-center justify-between gap-3 text-sm"
      data-testid="vehicle-pager"
    >
      {page > 1 ? (
        <Link
          href={href(page - 1)}
          className={buttonClasses("secondary", "sm")}
          rel="prev"
          data-testid="vehicle-pager-previous"
        >
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground" data-testid="vehicle-pager-position">
        {`Page ${page} of ${pageCount}`}
      </span>
      {page < pageCount ? (
        <Link
          href={href(page + 1)}
          className={buttonClasses("secondary", "sm")}
          rel="next"
          data-testid="vehicle-pager-next"
        >
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
