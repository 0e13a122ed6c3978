import { isIPv4, isIPv6 } from "node:net";

/**
 * What kind of address an IP is, for deciding whether the server may connect to it on someone's behalf: only
 * `public` addresses are another party's; every other class reaches this machine, its network or nothing at all.
 * IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64, 6to4) take the class of the address they carry, so a
 * private IPv4 cannot pass wrapped in IPv6; the deprecated IPv4-compatible form is reserved.
 */
export type AddressClass =
  "public" | "loopback" | "private" | "shared" | "link-local" | "multicast" | "unspecified" | "reserved" | "invalid";

interface Range {
  /** The first address, as a number (IPv4) or bigint (IPv6). */
  start: bigint;
  prefix: number;
  kind: Exclude<AddressClass, "public" | "invalid">;
}

function ipv4Number(address: string): bigint {
  return address.split(".").reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Number(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, "");
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail?.[1]) {
    const v4 = ipv4Number(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...restGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const v4 = (cidr: string, kind: Range["kind"]): Range => {
  const [address = "", prefix = "32"] = cidr.split("/");
  return { start: ipv4Number(address), prefix: Number(prefix), kind };
};
const v6 = (cidr: string, kind: Range["kind"]): Range => {
  const [address = "", prefix = "128"] = cidr.split("/");
  return { start: ipv6Number(address), prefix: Number(prefix), kind };
};

/** IANA's special-purpose IPv4 registry, as far as it concerns reaching a host. */
const IPV4_RANGES: readonly Range[] = [
  v4("0.0.0.0/8", "unspecified"),
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "shared"),
  v4("127.0.0.0/8", "loopback"),
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "reserved"),
  v4("192.0.2.0/24", "reserved"),
  v4("192.88.99.0/24", "reserved"),
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "reserved"),
  v4("198.51.100.0/24", "reserved"),
  v4("203.0.113.0/24", "reserved"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

/** IANA's special-purpose IPv6 registry; the ranges that carry an IPv4 address are handled before these. */
const IPV6_RANGES: readonly Range[] = [
  v6("::/128", "unspecified"),
  v6("::1/128", "loopback"),
  v6("64:ff9b:1::/48", "private"),
  v6("100::/64", "reserved"),
  v6("2001::/23", "reserved"),
  v6("2001:db8::/32", "reserved"),
  v6("fc00::/7", "private"),
  v6("fe80::/10", "link-local"),
  v6("fec0::/10", "private"),
  v6("ff00::/8", "multicast"),
];

function inRange(value: bigint, bits: number, range: Range): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.start >> shift;
}

function classifyIpv4Number(value: bigint): AddressClass {
  return IPV4_RANGES.find((range) => inRange(value, 32, range))?.kind ?? "public";
}

const IPV4_MAPPED = v6("::ffff:0:0/96", "reserved");
const IPV4_COMPATIBLE = v6("::/96", "reserved");
const NAT64 = v6("64:ff9b::/96", "reserved");
const SIX_TO_FOUR = v6("2002::/16", "reserved");

function classifyIpv6Number(value: bigint): AddressClass {
  const low32 = value & 0xffffffffn;
  if (inRange(value, 128, IPV4_MAPPED) || inRange(value, 128, NAT64)) return classifyIpv4Number(low32);
  // IPv4-compatible addresses (::a.b.c.d) are deprecated and routed nowhere; ::1 and :: are IPv6's own.
  if (inRange(value, 128, IPV4_COMPATIBLE) && value > 1n) return "reserved";
  if (inRange(value, 128, SIX_TO_FOUR)) return classifyIpv4Number((value >> 80n) & 0xffffffffn);
  return IPV6_RANGES.find((range) => inRange(value, 128, range))?.kind ?? "public";
}

/** The class of an IP address as DNS or a URL gives it (`[::1]` brackets allowed); `invalid` when it is not one. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return classifyIpv4Number(ipv4Number(bare));
  if (isIPv6(bare)) return classifyIpv6Number(ipv6Number(bare));
  return "invalid";
}

/** A URL host that names this machine: `localhost`, or a loopback address however the URL parser wrote it. */
export const isLoopbackHostname = (hostname: string): boolean =>
  hostname === "localhost" || classifyAddress(hostname) === "loopback";
