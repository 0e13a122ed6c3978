import { setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";

/**
 * MapLibre for the browser. Bundled, it cannot find its worker by itself ("Worker failed to load"), so the worker's
 * own file is handed to it. Only client components loaded with `ssr: false` import this module.
 */
setWorkerUrl(new URL("maplibre-gl/dist/maplibre-gl-worker.mjs", import.meta.url).toString());

export { LngLat, Map as MapLibreMap, Marker, NavigationControl, Popup } from "maplibre-gl";
export type {
  CustomLayerInterface,
  CustomRenderMethodInput,
  FilterSpecification,
  GeoJSONSource,
  LngLatLike,
  MapMouseEvent,
  StyleSpecification,
} from "maplibre-gl";
