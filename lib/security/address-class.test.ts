import { describe, expect, it } from "vitest";
import { type AddressClass, classifyAddress } from "./address-class";

/** Each range at its edges, from both sides: the last address before it, its first and last, the first after it. */
const IPV4_EDGES: [string, AddressClass][] = [
  ["0.0.0.0", "unspecified"],
  ["0.255.255.255", "unspecified"],
  ["1.0.0.0", "public"],
  ["9.255.255.255", "public"],
  ["10.0.0.0", "private"],
  ["10.255.255.255", "private"],
  ["11.0.0.0", "public"],
  ["100.63.255.255", "public"],
  ["100.64.0.0", "shared"],
  ["100.127.255.255", "shared"],
  ["100.128.0.0", "public"],
  ["126.255.255.255", "public"],
  ["127.0.0.0", "loopback"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.255", "loopback"],
  ["128.0.0.0", "public"],
  ["169.253.255.255", "public"],
  ["169.254.0.0", "link-local"],
  ["169.254.169.254", "link-local"],
  ["169.254.255.255", "link-local"],
  ["169.255.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.16.0.0", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.0", "public"],
  ["192.167.255.255", "public"],
  ["192.168.0.0", "private"],
  ["192.168.255.255", "private"],
  ["192.169.0.0", "public"],
  ["198.17.255.255", "public"],
  ["198.18.0.0", "reserved"],
  ["198.19.255.255", "reserved"],
  ["198.20.0.0", "public"],
  ["223.255.255.255", "public"],
  ["224.0.0.0", "multicast"],
  ["239.255.255.255", "multicast"],
  ["240.0.0.0", "reserved"],
  ["255.255.255.255", "reserved"],
  ["8.8.8.8", "public"],
];

const IPV6_EDGES: [string, AddressClass][] = [
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["::2", "reserved"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:a00:1", "private"],
  ["::ffff:6440:0", "shared"],
  ["::ffff:643f:ffff", "public"],
  ["::ffff:808:808", "public"],
  ["::127.0.0.1", "reserved"],
  ["::808:808", "reserved"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "link-local"],
  ["64:ff9b::808:808", "public"],
  ["64:ff9b:1::1", "private"],
  ["2002:7f00:1::", "loopback"],
  ["2002:c0a8:101::1", "private"],
  ["2002:808:808::1", "public"],
  ["2001::1", "reserved"],
  ["2001:db8::1", "reserved"],
  ["2001:4860:4860::8888", "public"],
  ["fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "public"],
  ["fc00::", "private"],
  ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "private"],
  ["fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "public"],
  ["fe80::", "link-local"],
  ["febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link-local"],
  ["fec0::1", "private"],
  ["feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "private"],
  ["ff00::", "multicast"],
  ["ff02::1", "multicast"],
  ["fe80::1%eth0", "link-local"],
];

describe("classifyAddress", () => {
  it.each(IPV4_EDGES)("IPv4 %s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(IPV6_EDGES)("IPv6 %s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("takes the odd IPv4 spellings only as the URL parser writes them", () => {
    for (const spelling of ["2130706433", "0x7f.1", "0177.0.0.1", "127.1", "0x7f000001"]) {
      expect(new URL(`http://${spelling}/`).hostname, spelling).toBe("127.0.0.1");
      expect(classifyAddress(new URL(`http://${spelling}/`).hostname), spelling).toBe("loopback");
    }
    expect(classifyAddress(new URL("http://[::ffff:127.0.0.1]/").hostname)).toBe("loopback");
  });

  it("calls anything that is not an IP address invalid", () => {
    for (const text of ["localhost", "example.com", "2130706433", "127.1", "1.2.3.256", ""]) {
      expect(classifyAddress(text), text).toBe("invalid");
    }
  });
});
