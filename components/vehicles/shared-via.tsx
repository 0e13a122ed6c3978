import { Badge } from "@/components/ui/badge";
import { type ShareRecord, isRecentShare } from "@/lib/share-links";

/** Which share link brought the vehicle, and whether that was recent; nothing when it came by other means. */
export function SharedVia({ record, nowMs }: { record: ShareRecord | undefined; nowMs: number }) {
  if (record?.kind !== "shared") return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      {isRecentShare(record, nowMs) ? (
        <Badge tone="success" data-testid="vehicle-shared-recently" title={`Shared on ${record.at}`}>
          Shared recently
        </Badge>
      ) : null}
      {record.link ? (
        <span data-testid="vehicle-shared-via">
          via <span className="font-medium text-foreground">{record.link}</span>
        </span>
      ) : null}
    </div>
  );
}
