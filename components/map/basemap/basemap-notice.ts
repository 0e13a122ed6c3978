import type { IControl } from "maplibre-gl";

/**
 * The map's one word that its street map could not be reached and the built-in basemap is drawn instead: a small
 * status in the map's corner, as a MapLibre control so that every map shows it the same way.
 */
export class BasemapNotice implements IControl {
  private readonly element: HTMLElement;

  constructor() {
    this.element = document.createElement("p");
    this.element.className =
      "maplibregl-ctrl rounded bg-card/90 px-2 py-1 text-xs text-muted-foreground shadow-sm pointer-events-none";
    this.element.setAttribute("role", "status");
    this.element.dataset.testid = "basemap-notice";
    this.element.textContent = "The street map could not be reached: showing the built-in map.";
  }

  onAdd(): HTMLElement {
    return this.element;
  }

  onRemove(): void {
    this.element.remove();
  }
}
