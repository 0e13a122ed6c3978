"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { geofenceCondition, geofenceError } from "@/lib/cel/geofence";

const FIELD = "h-9 w-28 rounded-md border border-border bg-background px-2 text-sm";

/** A circle (centre and radius) written into the condition as a `geoDistance` comparison, for location signals. */
export function GeofenceHelper({ onCondition }: { onCondition: (condition: string) => void }) {
  const [latitude, setLatitude] = useState("52.52");
  const [longitude, setLongitude] = useState("13.405");
  const [radiusKm, setRadiusKm] = useState("1");
  const [inside, setInside] = useState(true);
  const fence = { latitude: Number(latitude), longitude: Number(longitude), radiusKm: Number(radiusKm), inside };
  const error = [latitude, longitude, radiusKm].some((text) => text.trim() === "")
    ? "enter a centre and a radius"
    : geofenceError(fence);

  return (
    <fieldset className="flex flex-wrap items-end gap-2 text-sm" data-testid="geofence-helper">
      <legend className="mb-1">Geofence: a circle as the condition</legend>
      <label className="flex flex-col gap-1">
        Latitude
        <input className={FIELD} inputMode="decimal" value={latitude} onChange={(e) => setLatitude(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1">
        Longitude
        <input className={FIELD} inputMode="decimal" value={longitude} onChange={(e) => setLongitude(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1">
        Radius (km)
        <input className={FIELD} inputMode="decimal" value={radiusKm} onChange={(e) => setRadiusKm(e.target.value)} />
      </label>
      <label className="flex h-9 items-center gap-1">
        <input type="checkbox" checked={inside} onChange={(e) => setInside(e.target.checked)} />
        inside (else outside)
      </label>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={error !== null}
        onClick={() => onCondition(geofenceCondition(fence))}
      >
        Use this circle
      </Button>
      {error ? <span className="text-muted-foreground">{error}</span> : null}
    </fieldset>
  );
}
