/**
 * Go's time.ParseDuration, which the Telemetry API applies to `interval`: a sequence of decimal numbers with units
 * (ns, us, µs, ms, s, m, h), optionally signed; "0" alone is allowed; days are not a unit. Errors carry Go's words.
 */
const UNITS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  "\u00b5s": 1e3,
  "\u03bcs": 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};
const MAX_NANOS = 2 ** 63 - 1;

export type DurationResult = { ok: true; nanos: number } | { ok: false; message: string };

export function parseGoDuration(original: string): DurationResult {
  const quoted = JSON.stringify(original);
  const invalid: DurationResult = { ok: false, message: `time: invalid duration ${quoted}` };
  let s = original;
  let negative = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return { ok: true, nanos: 0 };
  if (s === "") return invalid;
  let total = 0;
  while (s !== "") {
    const number = /^([0-9]*)(?:\.([0-9]*))?/.exec(s);
    const whole = number?.[1] ?? "";
    const fraction = number?.[2];
    if (!number || (whole === "" && (fraction === undefined || fraction === ""))) return invalid;
    s = s.slice(number[0].length);
    const unitMatch = /^[^0-9.]*/.exec(s);
    const unit = unitMatch?.[0] ?? "";
    if (unit === "") return { ok: false, message: `time: missing unit in duration ${quoted}` };
    const scale = UNITS[unit];
    if (scale === undefined)
      return { ok: false, message: `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}` };
    s = s.slice(unit.length);
    total += Number(whole || "0") * scale + (fraction ? Number(`0.${fraction}`) * scale : 0);
    if (total > MAX_NANOS) return invalid;
  }
  return { ok: true, nanos: Math.trunc(negative ? -total : total) };
}
