import { type LucideIcon } from "lucide-react";

/**
 * The frame of a vehicle page that cannot open because the license's grant on the vehicle is gone: which vehicle, a
 * warning with what happened as its heading, and what to do (the children).
 */
export function GrantNotice({
  id,
  title,
  tokenId,
  icon: Icon,
  headline,
  data,
  children,
}: {
  /** The section's test id, and the root of its heading's id. */
  id: string;
  title: string;
  tokenId: number;
  icon: LucideIcon;
  headline: React.ReactNode;
  data: Record<`data-${string}`, string>;
  children: React.ReactNode;
}) {
  return (
    <section data-testid={id} {...data} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <header className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight">{title}</h1>
        <span className="text-muted-foreground">
          Token id <span className="font-mono text-foreground">{tokenId}</span>
        </span>
      </header>
      <div className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4 text-sm">
        <Icon className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="flex flex-col gap-2">
          <h2 id={`${id}-title`} className="font-medium">
            {headline}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
