/**
 * The Telemetry API's `Time` scalar: RFC 3339 in, RFC 3339 with as many fractional digits as needed out (Go's
 * RFC3339Nano), microseconds since the epoch inside the sandbox (the real store's precision).
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export function parseTime(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction = "", zone = "Z"] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return null;
  const base = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (new Date(base).getUTCDate() !== day) return null;
  const offsetMinutes =
    zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const micros = Number(fraction.padEnd(6, "0").slice(0, 6));
  return (base - offsetMinutes * 60_000) * 1000 + micros;
}

export function formatTime(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const rest = micros - ms * 1000;
  const iso = new Date(ms).toISOString(); // 2024-06-16T20:01:25.397Z
  const fraction = `${iso.slice(20, 23)}${String(Math.round(rest)).padStart(3, "0")}`.replace(/0+$/, "");
  return `${iso.slice(0, 19)}${fraction ? `.${fraction}` : ""}Z`;
}
