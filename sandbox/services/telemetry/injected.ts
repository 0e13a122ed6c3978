import { type WebhookStore } from "../../store/webhook-store";
import { type LatestValue, type latestValues } from "./signal-queries";

/**
 * Samples injected through the control surface (`POST /__sandbox/signals`) are part of the vehicle's data: the latest
 * values include each one that is newer than what the drive simulation produced, up to the sandbox's now, so a test
 * or a developer can put a vehicle in a state (a low tyre, a trouble code) and see the Telemetry API answer with it.
 */
export function withInjectedSamples(
  latest: ReturnType<typeof latestValues> | null,
  store: WebhookStore,
  tokenId: number,
  nowUs: number,
): ReturnType<typeof latestValues> | null {
  const injected = store.injected(tokenId, "signal", { to: Math.floor(nowUs / 1000) });
  if (injected.length === 0) return latest;
  const values = new Map<string, LatestValue>(latest?.values ?? []);
  let lastSeen = latest?.lastSeen ?? 0;
  for (const sample of injected) {
    const timestamp = sample.timestamp * 1000;
    const value = sample.value as LatestValue["value"];
    if (typeof value !== "number" && typeof value !== "string" && (typeof value !== "object" || value === null))
      continue;
    const current = values.get(sample.name);
    if (current && current.timestamp > timestamp) continue;
    values.set(sample.name, { timestamp, value });
    lastSeen = Math.max(lastSeen, timestamp);
  }
  return { lastSeen, values };
}
