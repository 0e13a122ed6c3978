import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** An unknown vehicle, or one never shared with this license, inside the dashboard's frame. */
export default function VehicleNotFound() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center" data-testid="not-found">
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">Vehicle not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        No vehicle with this token id is shared with this Developer License: there is none, or its owner has never
        shared it with this license. (A vehicle whose grant expired says so on its own page.)
      </p>
      <Link href="/vehicles" className={buttonClasses("secondary")}>
        Back to vehicles
      </Link>
    </div>
  );
}
