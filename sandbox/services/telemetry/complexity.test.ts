import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { COMPLEXITY_LIMIT, operationComplexity } from "./complexity";
import { telemetryQuery } from "@/test-support/sandbox-telemetry";
import { setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

/** `count` aliased paths of the shape the dashboard asks for: 6 each (the field, timestamp, the fix and its two numbers, speed). */
function pathsQuery(count: number): string {
  const fields = Array.from(
    { length: count },
    (
      _,
      i,
    ) => `p${i}: signals(tokenId: ${VEHICLE_IDS.exactly100}, interval: "1m", from: "2026-10-01T00:00:00Z", to: "2026-10-01T01:00:00Z") {
      timestamp currentLocationCoordinates(agg: LAST) { latitude longitude } speed(agg: AVG)
    }`,
  );
  return `query Paths { ${fields.join("\n")} }`;
}

describe("operationComplexity", () => {
  it("counts every field as 1 plus the fields under it, through fragments", () => {
    expect(operationComplexity(parse(pathsQuery(1)))).toBe(6);
    expect(operationComplexity(parse("{ a { ...F } } fragment F on T { b c { d } }"))).toBe(1 + 1 + 2);
    expect(operationComplexity(parse("{ a { ... on T { b } } }"))).toBe(2);
  });

  it("picks the operation by name when there are several, and none when the name matches none", () => {
    const document = parse("query One { a } query Two { a b { c } }");
    expect(operationComplexity(document, "Two")).toBe(3);
    expect(operationComplexity(document, "Three")).toBe(0);
  });
});

describe("the complexity limit over HTTP", () => {
  it("serves 16 paths in one operation (96) and refuses 17 (102) whole, with gqlgen's words and a 422", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [1, 4]);
    const fits = await telemetryQuery(suite, token, pathsQuery(16));
    expect(fits.status).toBe(200);
    expect(fits.errors).toBeUndefined();
    expect(Object.keys(fits.data ?? {})).toHaveLength(16);

    const over = await telemetryQuery(suite, token, pathsQuery(17));
    expect(over.status).toBe(422);
    expect(over.data).toBeNull();
    expect(over.errors).toEqual([
      {
        message: `operation has complexity 102, which exceeds the limit of ${COMPLEXITY_LIMIT}`,
        extensions: { code: "COMPLEXITY_LIMIT_EXCEEDED" },
      },
    ]);
  });
});
