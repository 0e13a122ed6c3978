import { describe, expect, it } from "vitest";
import { FaultRegistry, faultInputSchema, globToRegExp } from "./faults";
import { isLoopbackAddress } from "./loopback";

describe("globToRegExp", () => {
  it("matches one segment with * and any number with **", () => {
    const one = globToRegExp("/trips/v1/vehicle/*/trips");
    expect(one.test("/trips/v1/vehicle/21957/trips")).toBe(true);
    expect(one.test("/trips/v1/vehicle/1/2/trips")).toBe(false);
    expect(one.test("/trips/v1/vehicle/21957/trips/x")).toBe(false);
    const any = globToRegExp("/valuations/**");
    expect(any.test("/valuations/v1/vehicles/1/offers")).toBe(true);
    expect(any.test("/valuations")).toBe(true);
    expect(any.test("/trips/v1")).toBe(false);
    expect(globToRegExp("/**").test("/anything/at/all")).toBe(true);
    expect(globToRegExp("/**/offers").test("/valuations/v2/vehicles/9/offers")).toBe(true);
  });

  it("treats other characters literally", () => {
    expect(globToRegExp("/a.b/(c)").test("/a.b/(c)")).toBe(true);
    expect(globToRegExp("/a.b").test("/axb")).toBe(false);
  });
});

describe("FaultRegistry", () => {
  const add = (registry: FaultRegistry, input: unknown) => registry.add(faultInputSchema.parse(input));

  it("applies a fault the given number of times, then forgets it", () => {
    const registry = new FaultRegistry();
    add(registry, { path: "/x", status: 503, times: 2 });
    expect(registry.take("GET", "/x")?.status).toBe(503);
    expect(registry.take("POST", "/x")?.status).toBe(503);
    expect(registry.take("GET", "/x")).toBeUndefined();
    expect(registry.list()).toEqual([]);
  });

  it("keeps a times: 0 fault until cleared, and filters by method", () => {
    const registry = new FaultRegistry();
    add(registry, { path: "/x", method: "get", status: 500, times: 0 });
    for (let i = 0; i < 5; i++) expect(registry.take("GET", "/x")?.status).toBe(500);
    expect(registry.take("POST", "/x")).toBeUndefined();
    expect(registry.clear()).toBe(1);
    expect(registry.take("GET", "/x")).toBeUndefined();
  });

  it("applies a fault naming a GraphQL field only to requests selecting it", () => {
    const registry = new FaultRegistry();
    add(registry, { path: "/identity/query", graphqlField: "vehicle", status: 500, times: 1 });
    expect(registry.needsGraphqlFields("POST", "/identity/query")).toBe(true);
    expect(registry.needsGraphqlFields("POST", "/trips/x")).toBe(false);
    expect(registry.take("POST", "/identity/query", ["vehicles"])).toBeUndefined();
    expect(registry.take("POST", "/identity/query")).toBeUndefined();
    expect(registry.take("POST", "/identity/query", ["developerLicense", "vehicle"])?.status).toBe(500);
    expect(registry.list()).toEqual([]);
  });

  it("refuses faults that would do nothing or are malformed", () => {
    expect(faultInputSchema.safeParse({ path: "/x" }).success).toBe(false);
    expect(faultInputSchema.safeParse({ path: "/x", status: 99 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ path: "/x", latencyMs: -1 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ path: "/x", status: 500, times: 1.5 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ path: "/x", status: 500, extra: true }).success).toBe(false);
    expect(faultInputSchema.safeParse({ path: "/x", latencyMs: 10 }).success).toBe(true);
  });
});

describe("isLoopbackAddress", () => {
  it("accepts this machine's addresses only", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["10.0.0.5", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", "", undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});
