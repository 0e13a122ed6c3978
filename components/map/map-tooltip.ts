import { type LngLatLike, type MapLibreMap, Popup } from "./maplibre";

/**
 * A small text tooltip that follows what the pointer is over, and the pointer cursor while it shows. Each view has
 * its own: hiding one that is not showing leaves the cursor to the one that is.
 */
export interface MapTooltip {
  show(at: LngLatLike, text: string): void;
  hide(): void;
}

export function mapTooltip(map: MapLibreMap, testId: string): MapTooltip {
  const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 14, className: "all-trips-tooltip" });
  const text = document.createElement("div");
  text.dataset.testid = testId;
  text.style.cssText = "color:#0b1220;font-size:12px";
  popup.setDOMContent(text);
  let showing = false;
  const hide = () => {
    if (!showing) return;
    showing = false;
    map.getCanvas().style.cursor = "";
    popup.remove();
  };
  map.on("mouseout", hide);
  return {
    show(at, content) {
      showing = true;
      text.textContent = content;
      map.getCanvas().style.cursor = "pointer";
      popup.setLngLat(at).addTo(map);
    },
    hide,
  };
}
