import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { GeofenceMapProps } from "./geofence-map";
import { GeofenceHelper } from "./geofence-helper";

const metro = vi.hoisted(() => ({ centre: null as { latitude: number; longitude: number } | null }));
vi.mock("./fleet-centre", () => ({ useFleetCentre: () => metro.centre }));
// The map itself needs WebGL; here it shows what the helper hands it.
vi.mock("./geofence-map-lazy", () => ({
  GeofenceMapLazy: ({ fence, styleUrl }: GeofenceMapProps) => (
    <div data-testid="map" data-fence={JSON.stringify(fence)} data-style={styleUrl ?? "offline"} />
  ),
}));

const render = (mapStyleUrl: string | null | undefined) =>
  renderToStaticMarkup(<GeofenceHelper onCondition={() => {}} mapStyleUrl={mapStyleUrl} />).replaceAll("&quot;", '"');

describe("the geofence helper", () => {
  it("hands the map the circle the typed fields describe, starting on the default centre", () => {
    metro.centre = null;
    const html = render(null);
    expect(html).toContain('value="52.52"');
    expect(html).toContain('data-fence="{"latitude":52.52,"longitude":13.405,"radiusKm":1,"inside":true}"');
    expect(html).toContain('data-style="offline"');
  });

  it("starts on the vehicles' metro when one is known", () => {
    metro.centre = { latitude: 40.71, longitude: -74.01 };
    const html = render("https://tiles.example/style.json");
    expect(html).toContain('value="40.71"');
    expect(html).toContain('value="-74.01"');
    expect(html).toContain('"latitude":40.71,"longitude":-74.01');
    expect(html).toContain('data-style="https://tiles.example/style.json"');
  });

  it("waits for the street style before it loads the map, keeping the fields", () => {
    metro.centre = null;
    const html = render(undefined);
    expect(html).not.toContain('data-testid="map"');
    expect(html).toContain("Radius (km)");
  });
});
