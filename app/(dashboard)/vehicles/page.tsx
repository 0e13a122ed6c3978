import type { Metadata } from "next";

export const metadata: Metadata = { title: "Vehicles" };

export default function VehiclesPage() {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Vehicles</h1>
      <p className="text-sm text-muted-foreground">The vehicles shared with this Developer License.</p>
    </div>
  );
}
