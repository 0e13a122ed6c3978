import { Badge } from "@/components/ui/badge";
import type { ActivityEntry } from "@/lib/models";

/** The HTTP status of a call, coloured by class; "no response" when none came back, "cached" for a cache hit. */
export function StatusBadge({ record }: { record: Pick<ActivityEntry, "status" | "error" | "cache"> }) {
  const { status } = record;
  if (status === null) {
    if (record.error !== undefined) return <Badge tone="danger">no response</Badge>;
    // A cache hit sent no request, so it has no status; the cache column says why.
    return (
      <span className="text-muted-foreground" title="No request was sent">
        —
      </span>
    );
  }
  const tone =
    status >= 500 ? "danger" : status >= 400 ? "warning" : status >= 200 && status < 300 ? "success" : "neutral";
  return (
    <Badge tone={tone} data-testid="activity-status">
      {status}
    </Badge>
  );
}

const CACHE_TEXT = { hit: "hit", miss: "miss", none: "—" } as const;
const CACHE_TITLE = {
  hit: "The dashboard's cache (a token or a vehicle's grant) served this call; no request was sent.",
  miss: "No token was cached, so this request fetched one.",
  none: "A data call: the token cache does not apply.",
} as const;

export function CacheBadge({ cache }: { cache: ActivityEntry["cache"] }) {
  if (cache === "none")
    return (
      <span title={CACHE_TITLE.none} className="text-muted-foreground">
        {CACHE_TEXT.none}
      </span>
    );
  return (
    <Badge tone={cache === "hit" ? "primary" : "neutral"} title={CACHE_TITLE[cache]}>
      {CACHE_TEXT[cache]}
    </Badge>
  );
}
