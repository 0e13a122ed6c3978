"use client";

import Link from "next/link";
import { PickedList } from "@/components/map/picked-list";
import { formatNumber } from "@/lib/format/numbers";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import type { PickedVehicles } from "./fleet-points";

/** The vehicles a click on the fleet map picked: at most a few hundred, and how many there are in all. */
export function FleetPicked({ picked, onClose }: { picked: PickedVehicles; onClose: () => void }) {
  const time = useTimeFormat();
  const { vehicles, total } = picked;
  return (
    <PickedList
      label="Vehicles last seen here"
      heading={total === 1 ? "1 vehicle was last here" : `${formatNumber(total)} vehicles were last here`}
      shown={vehicles.length}
      total={total}
      onClose={onClose}
      testId="fleet-picked"
      data-total={total}
      columns={
        <>
          <th className="px-3 py-1.5 font-medium">Vehicle</th>
          <th className="px-3 py-1.5 font-medium">Position</th>
          <th className="px-3 py-1.5 font-medium">Reported</th>
        </>
      }
    >
      {vehicles.map((vehicle) => (
        <tr
          key={vehicle.tokenId}
          className="border-t border-border"
          data-testid="fleet-picked-vehicle"
          data-token-id={vehicle.tokenId}
        >
          <td className="px-3 py-1.5">
            <Link href={`/vehicles/${vehicle.tokenId}`} className="text-primary underline-offset-2 hover:underline">
              {vehicle.name}
            </Link>
            <span className="text-muted-foreground"> · #{vehicle.tokenId}</span>
          </td>
          <td className="px-3 py-1.5">{vehicle.approximate ? "approximate" : "exact"}</td>
          <td className="px-3 py-1.5">{time.format(vehicle.atMs)}</td>
        </tr>
      ))}
    </PickedList>
  );
}
