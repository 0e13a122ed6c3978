/**
 * Times as DIMO's Go services write and read them in JSON (time.Time): RFC 3339 with the fraction's trailing zeros
 * dropped, and only RFC 3339 accepted on the way in.
 */

/** Formats epoch microseconds in UTC as Go's RFC3339Nano does. */
export function formatGoTime(epochUs: number): string {
  const ms = Math.floor(epochUs / 1000);
  const micros = epochUs - ms * 1000;
  const base = new Date(ms).toISOString().slice(0, 19);
  const fraction = `${String(ms % 1000).padStart(3, "0")}${String(micros).padStart(3, "0")}`.replace(/0+$/, "");
  return `${base}${fraction ? `.${fraction}` : ""}Z`;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch microseconds of an RFC 3339 time; null when Go's time.Time would refuse it. */
export function parseGoTime(text: string): number | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const [, date, clock, fraction = ".", offset = "Z"] = match;
  const wholeMs = Date.parse(`${date}T${clock}${offset.toUpperCase()}`);
  if (Number.isNaN(wholeMs)) return null;
  return wholeMs * 1000 + Number(fraction.slice(1).padEnd(6, "0").slice(0, 6));
}
