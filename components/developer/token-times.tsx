import { Badge } from "@/components/ui/badge";
import { formatCountdown } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";

/** A token's time claim (seconds since the epoch) in the zone the person chose, once hydrated. */
export function TokenTime({ seconds, hydrated }: { seconds: number | null; hydrated: boolean }) {
  const { format: formatDateTime } = useTimeFormat();
  if (seconds === null) return <span className="text-muted-foreground">—</span>;
  const iso = new Date(seconds * 1000).toISOString();
  return <time dateTime={iso}>{hydrated ? formatDateTime(iso) : iso.slice(0, 16).replace("T", " ")}</time>;
}

/**
 * Time left until `exp` (seconds since the epoch), ticking with the page's one clock; "expired" once it has passed.
 * Under a minute left shows as a warning.
 */
export function Countdown({
  exp,
  now,
  hydrated,
  testId,
}: {
  exp: number;
  now: number;
  hydrated: boolean;
  testId?: string;
}) {
  const msLeft = exp * 1000 - now;
  const expired = msLeft <= 0;
  return (
    <Badge
      tone={expired ? "danger" : msLeft < 60_000 ? "warning" : "success"}
      data-testid={testId}
      data-expired={expired}
      className="tabular-nums"
    >
      {hydrated ? (expired ? "expired" : `${formatCountdown(msLeft)} left`) : "…"}
    </Badge>
  );
}
