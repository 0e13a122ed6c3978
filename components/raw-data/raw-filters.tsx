"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { RAW_TYPE_LABELS, type RawEventFilter, type RawEventTypeSummary } from "@/lib/models/raw-data";
import { fromFieldValue, rawDataHref, toFieldValue } from "./raw-data-view";

/**
 * The list's filter: a type among the vehicle's, a source and a producer (exact, as DIMO matches them), and a time
 * range read in the zone the page shows times in. Applying it changes the URL, so a filtered list can be shared.
 */

const FIELD = "h-8 rounded-md border border-border bg-card px-2 text-sm text-foreground";
const LABEL = "flex flex-col gap-0.5 text-xs text-muted-foreground";

export function RawFilters({
  tokenId,
  filter,
  types,
}: {
  tokenId: number;
  filter: RawEventFilter;
  types: readonly RawEventTypeSummary[];
}) {
  const id = useId();
  const router = useRouter();
  const zone = useTimeZoneChoice() ?? "local";
  // Remounted by the panel when the URL's filter changes, so the fields start from it.
  const [type, setType] = useState(filter.type ?? "");
  const [source, setSource] = useState(filter.source ?? "");
  const [producer, setProducer] = useState(filter.producer ?? "");
  const [from, setFrom] = useState(toFieldValue(filter.from, zone));
  const [to, setTo] = useState(toFieldValue(filter.to, zone));
  const fromIso = fromFieldValue(from, zone);
  const toIso = fromFieldValue(to, zone);
  const backwards = fromIso !== undefined && toIso !== undefined && Date.parse(fromIso) >= Date.parse(toIso);
  const typeChoices = [...new Set([...types.map((summary) => summary.type), ...(filter.type ? [filter.type] : [])])];

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      data-testid="raw-filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (backwards) return;
        const next: RawEventFilter = {};
        if (type) next.type = type;
        if (source.trim()) next.source = source.trim();
        if (producer.trim()) next.producer = producer.trim();
        if (fromIso) next.from = fromIso;
        if (toIso) next.to = toIso;
        router.push(rawDataHref(tokenId, { filter: next }));
      }}
    >
      <label className={LABEL} htmlFor={`${id}-type`}>
        Type
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)} className={FIELD}>
          <option value="">Any type</option>
          {typeChoices.map((choice) => (
            <option key={choice} value={choice}>
              {RAW_TYPE_LABELS[choice] ?? choice}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL} htmlFor={`${id}-source`}>
        Source
        <input
          id={`${id}-source`}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          placeholder="any"
          className={`${FIELD} w-56 font-mono`}
        />
      </label>
      <label className={LABEL} htmlFor={`${id}-producer`}>
        Producer
        <input
          id={`${id}-producer`}
          value={producer}
          onChange={(e) => setProducer(e.target.value)}
          placeholder="any"
          className={`${FIELD} w-56 font-mono`}
        />
      </label>
      <label className={LABEL} htmlFor={`${id}-from`}>
        From ({zone === "utc" ? "UTC" : "local time"})
        <input
          id={`${id}-from`}
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          className={FIELD}
        />
      </label>
      <label className={LABEL} htmlFor={`${id}-to`}>
        To
        <input
          id={`${id}-to`}
          type="datetime-local"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className={FIELD}
        />
      </label>
      <Button type="submit" size="sm" disabled={backwards}>
        Apply
      </Button>
      <Link href={rawDataHref(tokenId, { filter: {} })} className={buttonClasses("ghost", "sm")}>
        Clear
      </Link>
      {backwards ? (
        <p role="alert" className="w-full text-sm text-danger">
          The range must start before it ends.
        </p>
      ) : null}
    </form>
  );
}
