"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { SIGNAL_GROUPS, unitSymbol } from "@/lib/signals/catalog";
import { SIGNAL_METRICS, TRIGGER_EVENTS } from "@/lib/webhooks-metrics";
import { vehicleChoicesQuery } from "./webhooks-queries";

const FIELD = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm";
/** Driving events need both privileges, as the Telemetry API's `events` does. */
const EVENT_PRIVILEGES = [1, 4] as const;

/** `events:<name>` or `signals:vss.<name>`: one select names both the service and the metric. */
export const metricKey = (service: "signals" | "events", metricName: string) => `${service}:${metricName}`;

export function parseMetric(key: string): { service: "signals" | "events"; metricName: string } {
  const [service, ...rest] = key.split(":");
  return { service: service === "events" ? "events" : "signals", metricName: rest.join(":") };
}

/**
 * The signal or event a webhook watches: searchable, grouped as the Overview groups signals, each with its unit and
 * the privilege it needs, and greyed with the reason when no vehicle's grant gives that privilege.
 */
export function MetricPicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (key: string) => void;
  disabled: boolean;
}) {
  const [filter, setFilter] = useState("");
  const vehicles = useQuery(vehicleChoicesQuery());
  // Until the grants are known, nothing is greyed.
  const held = vehicles.data ? new Set(vehicles.data.flatMap((vehicle) => vehicle.privileges)) : null;
  const lacking = (anyOf: readonly number[], allOf = false) =>
    held !== null && !(allOf ? anyOf.every((id) => held.has(id)) : anyOf.some((id) => held.has(id)));

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matches = SIGNAL_METRICS.filter(
      (signal) => needle === "" || `${signal.label} ${signal.name}`.toLowerCase().includes(needle),
    );
    return SIGNAL_GROUPS.map((group) => ({
      group,
      signals: matches.filter((signal) => signal.group === group.id),
    })).filter(({ signals }) => signals.length > 0);
  }, [filter]);

  return (
    <>
      <input
        className={FIELD}
        disabled={disabled}
        type="search"
        placeholder="Search signals"
        aria-label="Search signals"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <select
        className={FIELD}
        name="metric"
        aria-label="Metric"
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {groups.map(({ group, signals }) => (
          <optgroup key={group.id} label={group.label}>
            {signals.map((signal) => {
              const greyed = lacking(signal.anyOf);
              return (
                <option
                  key={signal.metricName}
                  value={metricKey("signals", signal.metricName)}
                  disabled={greyed && metricKey("signals", signal.metricName) !== value}
                >
                  {signal.label}
                  {signal.unit ? ` (${unitSymbol(signal.unit)})` : ""} · {signal.metricName} · privilege{" "}
                  {signal.anyOf.join(" or ")}
                  {greyed ? " · no vehicle's grant gives it" : ""}
                </option>
              );
            })}
          </optgroup>
        ))}
        <optgroup label="Driving events">
          {TRIGGER_EVENTS.map((event) => {
            const greyed = lacking(EVENT_PRIVILEGES, true);
            return (
              <option
                key={event}
                value={metricKey("events", event)}
                disabled={greyed && metricKey("events", event) !== value}
              >
                {event} · privileges {EVENT_PRIVILEGES.join(" and ")}
                {greyed ? " · no vehicle's grant gives them" : ""}
              </option>
            );
          })}
        </optgroup>
      </select>
    </>
  );
}
