import { TabNav } from "@/components/ui/tab-nav";

/** Overview, Trips and Value of one vehicle. */
export function VehicleTabs({ tokenId }: { tokenId: number }) {
  return (
    <TabNav
      label="Vehicle sections"
      tabs={[
        // The Overview's path prefixes the others': it is the current tab only on its own.
        { href: `/vehicles/${tokenId}`, label: "Overview", exact: true },
        { href: `/vehicles/${tokenId}/trips`, label: "Trips" },
        { href: `/vehicles/${tokenId}/value`, label: "Value" },
      ]}
    />
  );
}
