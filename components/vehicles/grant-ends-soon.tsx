import { Badge } from "@/components/ui/badge";
import { endsSoon } from "@/lib/share-links";

const DAY_MS = 86_400_000;

/** A warning beside a grant's end date when it ends within 30 days: time to ask the owner to share again. */
export function GrantEndsSoon({ expiresAt, nowMs }: { expiresAt: string | null; nowMs: number }) {
  if (expiresAt === null || !endsSoon(expiresAt, nowMs)) return null;
  const days = Math.max(1, Math.ceil((Date.parse(expiresAt) - nowMs) / DAY_MS));
  return (
    <Badge
      tone="warning"
      className="ml-2"
      data-testid="grant-ends-soon"
      title="Ask the owner to share the vehicle again before then, or its data stops."
    >
      {days === 1 ? "ends within a day" : `ends in ${days} days`}
    </Badge>
  );
}
