import { LocalTime } from "@/components/trips/local-time";

/** A grant's end date in the viewer's own calendar; "no end date" when the grant has none. */
export function GrantExpiry({ expiresAt }: { expiresAt: string | null }) {
  if (expiresAt === null) return <span className="text-muted-foreground">no end date</span>;
  return <LocalTime iso={expiresAt} format="date" />;
}
