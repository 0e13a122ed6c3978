import { TabNav } from "@/components/ui/tab-nav";

/** Overview, Trips, All trips, Value, Attestations and Raw data of one vehicle; `aside` ends the row (the "API calls" control). */
export function VehicleTabs({ tokenId, aside }: { tokenId: number; aside?: React.ReactNode }) {
  const base = `/vehicles/${tokenId}`;
  return (
    <TabNav
      label="Vehicle sections"
      aside={aside}
      tabs={[
        // The Overview's path prefixes the others': it is the current tab only on its own.
        { href: base, label: "Overview", exact: true },
        // All trips lies below Trips' path but is a tab of its own.
        { href: `${base}/trips`, label: "Trips", except: [`${base}/trips/all`] },
        { href: `${base}/trips/all`, label: "All trips" },
        { href: `${base}/value`, label: "Value" },
        { href: `${base}/attestations`, label: "Attestations" },
        { href: `${base}/raw`, label: "Raw data" },
      ]}
    />
  );
}
