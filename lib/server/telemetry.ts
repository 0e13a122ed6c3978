import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { HISTORY_WINDOW_IDS, SEGMENTS_WINDOW_DAYS, aggregationFor, historyWindow } from "@/lib/telemetry-history";
import { SEGMENTS_LIMIT_DEFAULT, isSignalName, signalInfo } from "@/lib/telemetry-signals";
import { guarded } from "./guard";
import { positiveWholeNumber, tokenIdInput } from "./inputs";
import { recordKnownVin } from "./roster";

/**
 * A vehicle's telemetry, guarded: the Overview's prefetch and the telemetry routes read through these. The grant is
 * checked by the client before any token is asked for, so a missing privilege costs no upstream call.
 */

/** The latest signals the grant allows, the available signals and the data summary. */
export const getLatestTelemetry = guarded(tokenIdInput, async function getLatestTelemetry({ tokenId }) {
  return getDimoClient().getLatestSignals(tokenId);
});

/** The VIN from the vehicle's VIN credential; null when it has none. Kept in the roster, for the list's search. */
export const getVehicleVin = guarded(tokenIdInput, async function getVehicleVin({ tokenId }) {
  const credential = await getDimoClient().getVin(tokenId);
  if (credential) await recordKnownVin(tokenId, credential.vin);
  return credential;
});

const historyInput = z.object(
  {
    tokenId: positiveWholeNumber("tokenId"),
    signal: z
      .string({ error: "signal must be a signal name" })
      .refine((name) => isSignalName(name) && signalInfo(name)?.kind === "float", {
        error: "signal must be the name of a numeric signal",
      }),
    // A string, as it comes from a URL; anything but the offered windows is refused.
    window: z
      .string()
      .pipe(z.enum(HISTORY_WINDOW_IDS, { error: `window must be one of ${HISTORY_WINDOW_IDS.join(", ")}` })),
  },
  { error: "the input must be an object with a tokenId, a signal and a window" },
);

/** One numeric signal over the last 24 hours, 7 days or 30 days, at the window's interval and the signal's aggregation. */
export const getSignalHistory = guarded(historyInput, async function getSignalHistory({ tokenId, signal, window }) {
  if (!isSignalName(signal)) throw new TypeError("unreachable: the input rule admits only signal names");
  const { ms, interval } = historyWindow(window);
  const to = new Date();
  return getDimoClient().getSignalHistory(tokenId, {
    signal,
    aggregation: aggregationFor(signal),
    interval,
    from: new Date(to.getTime() - ms).toISOString(),
    to: to.toISOString(),
  });
});

const segmentsInput = z.object(
  {
    tokenId: positiveWholeNumber("tokenId"),
    after: z.iso
      .datetime({ offset: true, error: "after must be a date and time such as 2026-11-01T08:00:00Z" })
      .optional(),
  },
  { error: "the input must be an object with a tokenId and, for later pages, after" },
);

/** A page of the trips the Telemetry API detects (segments) over the last 30 days, oldest first. */
export const listSegmentsPage = guarded(segmentsInput, async function listSegmentsPage({ tokenId, after }) {
  const to = new Date();
  const from = new Date(to.getTime() - SEGMENTS_WINDOW_DAYS * 24 * 3_600_000);
  return getDimoClient().listSegments(tokenId, {
    from: from.toISOString(),
    to: to.toISOString(),
    limit: SEGMENTS_LIMIT_DEFAULT,
    ...(after ? { after } : {}),
  });
});
