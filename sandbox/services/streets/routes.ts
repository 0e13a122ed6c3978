import { Hono } from "hono";
import { type SandboxContext } from "../../context";
import { basemapIn, parseBBox } from "./street-lines";

export const STREETS_PREFIX = "/streets";

/**
 * A sandbox-only service with no DIMO counterpart: the cities' streets, street names, rivers and names as GeoJSON for a
 * bounding box, for the dashboard's built-in basemap (it proxies this in sandbox mode). GeoJSON rather than vector tiles: the network is a
 * pure function, so any box is cheap to compute, the map asks for the box it shows, and neither side needs a tile
 * encoder. No token: the streets are public in the real world too.
 */
export function streetsRoutes(_ctx: SandboxContext): Hono {
  const app = new Hono();
  app.get("/v1/streets", (c) => {
    const box = parseBBox(c.req.query("bbox"));
    if (!box)
      return c.json(
        { code: 400, message: "bbox must be west,south,east,north in degrees, west < east and south < north" },
        400,
      );
    return c.json(basemapIn(box), 200, { "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
