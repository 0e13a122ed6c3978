import { queryOptions } from "@tanstack/react-query";
import { type SegmentsPage, type SignalHistory, type TelemetryLatest } from "@/lib/models";
import { fetchJson } from "@/lib/result";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { type HistoryWindowId } from "@/lib/telemetry-history";

/** React-query keys and reads of a vehicle's telemetry, through the dashboard's telemetry routes. */
const telemetryKeys = {
  latest: (tokenId: number) => ["telemetry", tokenId, "latest"] as const,
  signals: (tokenId: number) => ["telemetry", tokenId, "signals"] as const,
  history: (tokenId: number, signal: string, window: HistoryWindowId) =>
    ["telemetry", tokenId, "history", signal, window] as const,
  segments: (tokenId: number, after: string | null) => ["telemetry", tokenId, "segments", after ?? ""] as const,
};

/** The Overview refreshes the latest values this often while it is open. */
const LATEST_REFRESH_MS = 30_000;

export function latestQuery(tokenId: number) {
  return queryOptions({
    queryKey: telemetryKeys.latest(tokenId),
    queryFn: ({ signal }) =>
      fetchJson<TelemetryLatest>(`/api/vehicles/${tokenId}/telemetry/latest`, { signal, cache: "no-store" }),
    refetchInterval: LATEST_REFRESH_MS,
  });
}

/** Every signal the vehicle has, refreshed with the latest values. */
export function vehicleSignalsQuery(tokenId: number) {
  return queryOptions({
    queryKey: telemetryKeys.signals(tokenId),
    queryFn: ({ signal }) =>
      fetchJson<VehicleSignals>(`/api/vehicles/${tokenId}/telemetry/signals`, { signal, cache: "no-store" }),
    refetchInterval: LATEST_REFRESH_MS,
  });
}

export function historyQuery(tokenId: number, signalName: string, window: HistoryWindowId) {
  const search = new URLSearchParams({ signal: signalName, window });
  return queryOptions({
    queryKey: telemetryKeys.history(tokenId, signalName, window),
    queryFn: ({ signal }) =>
      fetchJson<SignalHistory>(`/api/vehicles/${tokenId}/telemetry/history?${search}`, { signal, cache: "no-store" }),
    staleTime: 60_000,
  });
}

export function segmentsQuery(tokenId: number, after: string | null) {
  const search = after ? `?${new URLSearchParams({ after })}` : "";
  return queryOptions({
    queryKey: telemetryKeys.segments(tokenId, after),
    queryFn: ({ signal }) =>
      fetchJson<SegmentsPage>(`/api/vehicles/${tokenId}/telemetry/segments${search}`, { signal, cache: "no-store" }),
  });
}
