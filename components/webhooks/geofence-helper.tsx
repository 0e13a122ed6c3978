"use client";

import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { type GeofenceFields, fenceOfFields, geofenceCondition, withCentre, withRadius } from "@/lib/cel/geofence";
import type { LatLngPoint } from "@/lib/cel/geofence-circle";
import { useFleetCentre } from "./fleet-centre";
import { GeofenceMapLazy } from "./geofence-map-lazy";

const FIELD = "h-9 w-28 rounded-md border border-border bg-background px-2 text-sm";
const DEFAULT_FIELDS: GeofenceFields = { latitude: "52.52", longitude: "13.405", radiusKm: "1" };

/**
 * A circle (centre and radius) written into the condition as a `geoDistance` comparison, for location signals. The
 * typed fields are the circle; the map beside them draws it and writes them, so both ways of setting it agree and
 * the map is an aid, never the only way.
 */
export function GeofenceHelper({
  onCondition,
  mapStyleUrl,
}: {
  onCondition: (condition: string) => void;
  /** The street style of the map; undefined while not known, so the map waits rather than loading twice. */
  mapStyleUrl: string | null | undefined;
}) {
  // Null until the circle is set by hand: until then it starts on the vehicles' metro once known, else the default.
  const [chosen, setChosen] = useState<GeofenceFields | null>(null);
  const [inside, setInside] = useState(true);
  const fleetCentre = useFleetCentre();
  const start = useMemo(() => (fleetCentre ? withCentre(DEFAULT_FIELDS, fleetCentre) : DEFAULT_FIELDS), [fleetCentre]);
  const fields = chosen ?? start;
  const { fence, error } = useMemo(() => fenceOfFields(fields, inside), [fields, inside]);

  const edit = (change: Partial<GeofenceFields>) => setChosen({ ...fields, ...change });
  // Once the person is in the helper the circle is theirs: a metro that arrives later must not rewrite a field under
  // their cursor, where what they type would land in the middle of numbers they never saw.
  const hold = () => setChosen((current) => current ?? start);
  // The map reports many moves while a marker is dragged; each one builds on the fields as they are by then.
  const onCentre = useCallback(
    (point: LatLngPoint) => setChosen((current) => withCentre(current ?? start, point)),
    [start],
  );
  const onRadius = useCallback(
    (radiusKm: number) => setChosen((current) => withRadius(current ?? start, radiusKm)),
    [start],
  );

  return (
    <fieldset
      className="flex flex-col gap-2 text-sm"
      data-testid="geofence-helper"
      data-metro={fleetCentre ? "known" : "unknown"}
      onFocus={hold}
    >
      <legend className="mb-1">Geofence: a circle as the condition</legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          Latitude
          <input
            className={FIELD}
            inputMode="decimal"
            value={fields.latitude}
            onChange={(e) => edit({ latitude: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1">
          Longitude
          <input
            className={FIELD}
            inputMode="decimal"
            value={fields.longitude}
            onChange={(e) => edit({ longitude: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1">
          Radius (km)
          <input
            className={FIELD}
            inputMode="decimal"
            value={fields.radiusKm}
            onChange={(e) => edit({ radiusKm: e.target.value })}
          />
        </label>
        <label className="flex h-9 items-center gap-1">
          <input type="checkbox" checked={inside} onChange={(e) => setInside(e.target.checked)} />
          inside (else outside)
        </label>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={fence === null}
          onClick={() => {
            if (fence) onCondition(geofenceCondition(fence));
          }}
        >
          Use this circle
        </Button>
        {error ? <span className="text-muted-foreground">{error}</span> : null}
      </div>
      {mapStyleUrl !== undefined ? (
        <GeofenceMapLazy fence={fence} styleUrl={mapStyleUrl ?? undefined} onCentre={onCentre} onRadius={onRadius} />
      ) : null}
    </fieldset>
  );
}
