import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MapGate } from "./map-gate";

describe("MapGate", () => {
  it("holds the preview alone in the HTML, in the map's box: no map and no button before the browser tells", () => {
    const html = renderToStaticMarkup(
      <MapGate className="h-56 w-full" preview={<svg data-testid="the-preview" />}>
        <div data-testid="the-map" />
      </MapGate>,
    );
    expect(html).toMatch(/^<div class="relative h-56 w-full" data-testid="map-box" data-map="preview">/);
    expect(html).toContain('data-testid="map-preview"');
    expect(html).toContain('data-testid="the-preview"');
    expect(html).not.toContain("the-map");
    expect(html).not.toContain("map-preview-load");
  });
});
