"use client";

import Link from "next/link";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format/numbers";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import type { PickedVehicles } from "./fleet-points";

/** The vehicles a click on the fleet map picked: at most a few hundred, and how many there are in all. */
export function FleetPicked({ picked, onClose }: { picked: PickedVehicles; onClose: () => void }) {
  const time = useTimeFormat();
  const { vehicles, total } = picked;
  return (
    <section
      className="rounded-lg border border-border"
      aria-label="Vehicles last seen here"
      data-testid="fleet-picked"
      data-total={total}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-sm font-medium" aria-live="polite">
          {total === 1 ? "1 vehicle was last here" : `${formatNumber(total)} vehicles were last here`}
          {vehicles.length < total ? (
            <span className="font-normal text-muted-foreground">
              {" "}
              · the first {formatNumber(vehicles.length)} listed
            </span>
          ) : null}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label="Close the list"
          data-testid="fleet-picked-close"
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="max-h-72 overflow-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="px-3 py-1.5 font-medium">Vehicle</th>
              <th className="px-3 py-1.5 font-medium">Position</th>
              <th className="px-3 py-1.5 font-medium">Reported</th>
            </tr>
          </thead>
          <tbody>
            {vehicles.map((vehicle) => (
              <tr
                key={vehicle.tokenId}
                className="border-t border-border"
                data-testid="fleet-picked-vehicle"
                data-token-id={vehicle.tokenId}
              >
                <td className="px-3 py-1.5">
                  <Link
                    href={`/vehicles/${vehicle.tokenId}`}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {vehicle.name}
                  </Link>
                  <span className="text-muted-foreground"> · #{vehicle.tokenId}</span>
                </td>
                <td className="px-3 py-1.5">{vehicle.approximate ? "approximate" : "exact"}</td>
                <td className="px-3 py-1.5">{time.format(vehicle.atMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
