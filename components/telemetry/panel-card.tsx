import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { cn } from "@/lib/cn";
import { type Feature, canUse, missingFor } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";

/** What the Overview's panels share: their card, its placeholder, and what they say when a piece is missing. */

/** The grid the key figures and the VIN share, so the VIN lines up with the figures above it. */
export const FIGURE_GRID = "grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4";

export interface PanelHeading {
  title: string;
  description?: string;
}

export function PanelCard({
  heading,
  testId,
  children,
}: {
  heading: PanelHeading;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={heading.title} description={heading.description} />
      <div className="flex flex-col gap-4 p-5">{children}</div>
    </Card>
  );
}

/** The panel's card as it will be, its title and description, around a placeholder of the body's height. */
export function PanelSkeleton({ heading, bodyClassName = "h-40" }: { heading: PanelHeading; bodyClassName?: string }) {
  return (
    <Card role="status" aria-busy="true" aria-label={`Loading ${heading.title.toLowerCase()}`}>
      <CardHeader title={heading.title} description={heading.description} />
      <div className="p-5">
        <Skeleton className={cn("w-full", bodyClassName)} />
      </div>
    </Card>
  );
}

/** What the grant lacks for the feature, from the grant itself. */
export function Missing({ grant, feature }: { grant: VehicleGrant | null; feature: Feature }) {
  return <MissingPrivilege feature={feature} missing={missingFor(grant, feature)} />;
}

/** A part of the answer that did not come: the grant's reason when it lacks privilege 1, else the service's. */
export function NotSent({ grant, what }: { grant: VehicleGrant | null; what: string }) {
  if (!canUse(grant, "telemetry")) return <Missing grant={grant} feature="telemetry" />;
  return (
    <p className="text-sm text-muted-foreground">DIMO&apos;s telemetry service did not send the {what} (see above).</p>
  );
}
