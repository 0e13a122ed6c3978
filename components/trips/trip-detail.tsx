"use client";

import { Pause, Play } from "lucide-react";
import { useId, useMemo } from "react";
import { HistoryChartUplotLazy } from "@/components/telemetry/history-chart-uplot-lazy";
import { Button } from "@/components/ui/button";
import { formatDistanceKm } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { pathStats } from "@/lib/geo/path-stats";
import type { Trip, TripPath, TripPathResult } from "@/lib/models";
import { tripSpeedSeries } from "./trip-detail-speed";
import { REPLAY_SPEEDS, type Replay, type ReplaySpeed } from "./use-replay";

/**
 * The selected trip in detail: what its route says (distance along it, moving and stopped time, average and top
 * speed), its speed over time with the replay's cursor, and the replay's controls. Without a route, it says why.
 */

const formatSpeed = (value: number) => `${Math.round(value)} km/h`;
const kmh = (value: number | null) => (value === null ? "unknown" : formatSpeed(value));

export function TripDetail({
  trip,
  result,
  replay,
}: {
  trip: Trip;
  result: TripPathResult | undefined;
  replay: Replay | null;
}) {
  if (!result) {
    return (
      <TripPanel>
        <p className="text-sm text-muted-foreground" data-testid="trip-detail-status">
          Loading this trip&apos;s route…
        </p>
      </TripPanel>
    );
  }
  if (result.kind === "straight" || !replay) {
    return (
      <TripPanel>
        <p className="text-sm text-muted-foreground" data-testid="trip-detail-status">
          Drawn as a straight line from start to end: {result.kind === "straight" ? result.reason : "no route"}.
        </p>
      </TripPanel>
    );
  }
  return (
    <TripPanel>
      <RouteDetail trip={trip} path={result.path} replay={replay} />
    </TripPanel>
  );
}

function TripPanel({ children }: { children: React.ReactNode }) {
  return (
    <section
      className="rounded-lg border border-border bg-card p-4"
      aria-label="Selected trip"
      data-testid="trip-detail"
    >
      <h2 className="mb-3 text-sm font-semibold">Selected trip</h2>
      {children}
    </section>
  );
}

function RouteDetail({ trip, path, replay }: { trip: Trip; path: TripPath; replay: Replay }) {
  const stats = useMemo(() => pathStats(path), [path]);
  const speed = useMemo(() => tripSpeedSeries(path), [path]);
  const startMs = path.times[0] ?? Date.parse(trip.start.time);
  const durationMs = stats.durationSeconds * 1000;
  const sliderId = useId();
  const time = useTimeFormat();
  const formatTime = (iso: string | number) => time.format(iso, "time");
  const speedId = useId();
  const facts: Array<[string, string, string]> = [
    ["Distance along the route", formatDistanceKm(stats.distanceKm), "distance"],
    ["Duration", formatDuration(durationMs), "duration"],
    ["Moving", formatDuration(stats.movingSeconds * 1000), "moving"],
    ["Stopped", formatDuration(stats.stoppedSeconds * 1000), "stopped"],
    ["Average speed while moving", kmh(stats.averageMovingKmh), "average"],
    ["Top speed", kmh(stats.topKmh), "top"],
  ];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <dl className="grid grid-cols-2 content-start gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value, key]) => (
          <div key={key} data-testid={`trip-fact-${key}`}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        {/* A speed in km/h: a magnitude, so its axis starts at 0. */}
        <HistoryChartUplotLazy
          points={speed.points}
          intervalMs={speed.intervalMs}
          from={new Date(startMs).toISOString()}
          to={new Date(startMs + durationMs).toISOString()}
          label="Speed"
          unit="km/h"
          zeroBased
          formatValue={formatSpeed}
          formatTime={time.format}
          markerMs={startMs + replay.atMs}
        />
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Replay" data-testid="replay">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={replay.playing ? replay.pause : replay.play}
            aria-label={replay.playing ? "Pause the replay" : "Play the replay"}
            data-testid="replay-toggle"
            data-playing={replay.playing}
          >
            {replay.playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
            {replay.playing ? "Pause" : "Play"}
          </Button>
          <label htmlFor={sliderId} className="sr-only">
            Replay position
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={Math.round(durationMs / 1000)}
            step={1}
            value={Math.round(replay.atMs / 1000)}
            onChange={(event) => replay.seek(Number(event.target.value) * 1000)}
            aria-valuetext={`${formatDuration(replay.atMs)} of ${formatDuration(durationMs)}, ${formatTime(startMs + replay.atMs)}`}
            className="min-w-40 flex-1 accent-primary"
            data-testid="replay-slider"
          />
          <span className="text-xs tabular-nums text-muted-foreground" data-testid="replay-clock">
            {formatTime(startMs + replay.atMs)}
          </span>
          <label htmlFor={speedId} className="text-xs text-muted-foreground">
            Speed
          </label>
          <select
            id={speedId}
            value={replay.speed}
            onChange={(event) => replay.setSpeed(Number(event.target.value) as ReplaySpeed)}
            className="rounded-md border border-border bg-background px-2 py-1 text-sm"
            data-testid="replay-speed"
          >
            {REPLAY_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}x
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
