"use client";

/**
 * A payload as a tree to read: objects and arrays fold (native `<details>`, so the keyboard and screen readers know
 * them), the first levels open, long lists closed; values coloured by kind. Read-only and dependency-free.
 */

const OPEN_DEPTH = 2;
/** A list longer than this starts folded even near the top, so a payload of many samples stays readable. */
const OPEN_MAX_ITEMS = 100;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function Scalar({ value }: { value: Json }) {
  if (value === null) return <span className="text-muted-foreground">null</span>;
  if (typeof value === "string")
    return <span className="break-all text-emerald-700 dark:text-emerald-400">&quot;{value}&quot;</span>;
  if (typeof value === "number") return <span className="text-sky-700 dark:text-sky-400">{value}</span>;
  return <span className="text-violet-700 dark:text-violet-400">{String(value)}</span>;
}

const PREVIEW_FIELDS = 3;
const PREVIEW_TEXT = 32;

/** A folded object's first few plain fields, so a list of them can be scanned without opening each. */
function preview(entries: readonly [string, Json][]): string {
  const fields = entries
    .filter(([, item]) => item === null || typeof item !== "object")
    .slice(0, PREVIEW_FIELDS)
    .map(([key, item]) => {
      const text = JSON.stringify(item);
      return `${key}: ${text.length > PREVIEW_TEXT ? `${text.slice(0, PREVIEW_TEXT)}…` : text}`;
    });
  const more = entries.length > fields.length ? ", …" : "";
  return fields.length > 0
    ? `${fields.join(", ")}${more}`
    : `${entries.length} ${entries.length === 1 ? "key" : "keys"}`;
}

function Node({ name, value, depth }: { name: string | null; value: Json; depth: number }) {
  const label = name === null ? null : <span className="text-foreground">{name}: </span>;
  if (value === null || typeof value !== "object") {
    return (
      <div className="pl-4" data-json-key={name ?? ""} data-json-value={JSON.stringify(value)}>
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries: [string, Json][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <div className="pl-4">
        {label}
        {open}
        {close}
      </div>
    );
  }
  return (
    <details className="pl-4" open={depth < OPEN_DEPTH && entries.length <= OPEN_MAX_ITEMS}>
      <summary className="cursor-pointer list-inside marker:text-muted-foreground">
        {label}
        {open}
        <span className="text-xs text-muted-foreground">
          {" "}
          {Array.isArray(value)
            ? `${entries.length} ${entries.length === 1 ? "item" : "items"}`
            : preview(entries)}{" "}
        </span>
      </summary>
      {entries.map(([key, item]) => (
        <Node key={key} name={key} value={item} depth={depth + 1} />
      ))}
      <div className="pl-4">{close}</div>
    </details>
  );
}

export function JsonViewer({ value, label }: { value: unknown; label: string }) {
  return (
    <div
      role="group"
      aria-label={label}
      data-testid="json-viewer"
      className="max-h-[32rem] overflow-auto rounded-md border border-border bg-muted/30 py-2 pr-3 font-mono text-xs leading-5"
    >
      <Node name={null} value={value as Json} depth={0} />
    </div>
  );
}
