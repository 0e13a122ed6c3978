import { cn } from "@/lib/cn";

/** A thin bar for how far something has come, `value` from 0 to 1, named for assistive technology. */
export function ProgressBar({
  label,
  value,
  valueText,
  className,
}: {
  label: string;
  value: number;
  valueText?: string;
  className?: string;
}) {
  const share = Math.min(1, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={valueText}
      className={cn("h-1.5 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${share * 100}%` }} />
    </div>
  );
}
