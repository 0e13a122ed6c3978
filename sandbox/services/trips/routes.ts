import { Hono } from "hono";
import { type SandboxContext } from "../../context";
import { rawJson } from "../../http/responses";
import { checkVehicleAccess, type ErrorStyle, serviceError } from "../vehicle-access";

export const TRIPS_PREFIX = "/trips";
const TRIPS_PAGE_SIZE = 100;

const MESSAGES = { invalidToken: "Invalid or expired JWT", badTokenId: "Couldn't parse vehicle token id." };

/** `page`: absent, empty or below 1 means 1; anything but an integer is an error (null). */
function parsePage(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return 1;
  if (!/^[+-]?[0-9]{1,15}$/.test(raw)) return null;
  return Math.max(1, Number(raw));
}

/**
 * The trips service: completed trips, newest first, 100 a page. Errors are JSON `{code, message}` by default; the
 * realistic profile answers them as text/plain, as the real service (which installs no JSON error handler) does.
 */
export function tripsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const style: ErrorStyle = ctx.settings.profile === "realistic" ? "text" : "json";

  app.get("/v1/vehicle/:tokenId/trips", async (c) => {
    const access = await checkVehicleAccess(c, ctx, { privileges: [4], mode: "all" }, MESSAGES, style);
    if (!access.ok) return access.response;
    const page = parsePage(c.req.query("page"));
    if (page === null) return serviceError(c, style, 400, "Couldn't parse query params.");

    const tokenId = access.tokenId.value;
    // A live vehicle's drive that ended since the last tick is listed before the page is read.
    if (tokenId !== null && ctx.live.isLive(tokenId)) ctx.live.catchUp();
    const vehicle = tokenId === null ? undefined : ctx.vehicles.get(tokenId);
    const count = vehicle?.tripCount ?? 0;
    const totalPages = Math.ceil(count / TRIPS_PAGE_SIZE);
    const fromRank = (page - 1) * TRIPS_PAGE_SIZE + 1;
    const bodies =
      vehicle && fromRank <= count
        ? ctx.vehicles.tripBodies(vehicle.tokenId, fromRank, fromRank + TRIPS_PAGE_SIZE - 1)
        : [];
    // Trips are stored as the JSON the service returns: a page is joined, not built.
    return rawJson(`{"trips":[${bodies.join(",")}],"totalPages":${totalPages},"currentPage":${page}}`);
  });

  return app;
}
