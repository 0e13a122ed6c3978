import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { AppFailure } from "@/lib/result";
import { guarded } from "./guard";

/**
 * The sandbox cities' streets, street names, rivers and names for the built-in basemap, in sandbox mode only: the
 * browser may talk to the dashboard alone (the CSP's connect-src is 'self'), so the dashboard asks the sandbox's
 * streets service for them. Against DIMO's real network there is no such service, and the route says so with a 404
 * the map takes as "no streets".
 */

const BBOX = /^-?\d{1,3}(\.\d{1,10})?(,-?\d{1,3}(\.\d{1,10})?){3}$/;

const streetsInput = z.object(
  { bbox: z.string().regex(BBOX, { error: "bbox must be west,south,east,north in degrees" }) },
  { error: "the input must be an object with a bbox" },
);

export const getSandboxStreets = guarded(streetsInput, async function getSandboxStreets({ bbox }, { signal }) {
  const config = getConfig();
  if (config.env !== "sandbox") {
    throw new AppFailure({
      code: "NOT_FOUND",
      message: "Streets are served only by the local sandbox.",
      retryable: false,
    });
  }
  const origin = new URL(config.urls.trips).origin;
  const response = await fetch(`${origin}/streets/v1/streets?bbox=${encodeURIComponent(bbox)}`, {
    signal: signal ?? null,
  });
  if (!response.ok) {
    throw new AppFailure({
      code: response.status === 400 ? "INVALID_INPUT" : "UPSTREAM_ERROR",
      message: `The sandbox's streets service answered ${response.status}.`,
      retryable: response.status >= 500,
    });
  }
  return response.text();
});
