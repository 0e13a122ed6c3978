import { TabNav } from "@/components/ui/tab-nav";

/** Trips and Value of one vehicle. */
export function VehicleTabs({ tokenId }: { tokenId: number }) {
  return (
    <TabNav
      label="Vehicle sections"
      tabs={[
        { href: `/vehicles/${tokenId}/trips`, label: "Trips" },
        { href: `/vehicles/${tokenId}/value`, label: "Value" },
      ]}
    />
  );
}
