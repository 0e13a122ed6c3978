import { describe, expect, it } from "vitest";
import { readSchemaFixture } from "../../graphql/schema-fixture";
import { introspectedSignature, memberName, schemaSignature, type TypeSignature } from "../../graphql/schema-signature";
import { telemetrySchema } from "./schema";

/**
 * The sandbox's Telemetry schema against the fixture of DIMO's real one (scripts/telemetry-schema-fixture.ts): every
 * query of the real schema, and every type the queries reach, must be served with the real signatures exactly.
 * Anything missing, extra or different fails.
 */

const fixture = readSchemaFixture(new URL("./real-schema.fixture.json", import.meta.url));

/** Read from the SDL rather than by introspection: only the SDL carries the access directives. */
const sandbox = schemaSignature(telemetrySchema);
const real = fixture.types;

/** The fields (or values) of a type keyed by name; a scalar, having none, counts as one member. */
function members(type: TypeSignature | undefined): Map<string, string> {
  if (!type) return new Map();
  if (type.kind === "SCALAR") return new Map([["(scalar)", "SCALAR"]]);
  return new Map(type.members.map((member) => [memberName(member), member]));
}

function compare(typeName: string, skip: ReadonlySet<string> = new Set()) {
  const want = members(real[typeName]);
  const have = members(sandbox[typeName]);
  const mismatched = [...want].filter(([name, text]) => !skip.has(name) && have.get(name) !== text).map(([n]) => n);
  const extra = [...have.keys()].filter((name) => !want.has(name));
  const compared = [...want.keys()].filter((name) => !skip.has(name)).length;
  return { compared, matching: compared - mismatched.length, mismatched, extra };
}

describe("the sandbox's Telemetry schema against DIMO's real one", () => {
  it("reports how much matches: everything", () => {
    let compared = 0;
    let matching = 0;
    for (const typeName of Object.keys(real)) {
      const result = compare(typeName);
      compared += result.compared;
      matching += result.matching;
    }
    const queries = compare("Query");
    const signals = compare("SignalCollection");
    console.log(
      `telemetry-api ${fixture.commit.slice(0, 7)}: ${matching} of ${compared} fields and values match ` +
        `in ${Object.keys(real).length} types; queries ${queries.matching} of ${queries.compared}; ` +
        `SignalCollection ${signals.matching} of ${signals.compared}. No gaps.`,
    );
    expect(matching).toBe(compared);
    expect(queries.compared).toBeGreaterThan(0);
  });

  it("matches every signal of SignalCollection and SignalAggregations exactly", () => {
    for (const typeName of ["SignalCollection", "SignalAggregations"]) {
      const result = compare(typeName);
      expect({ typeName, mismatched: result.mismatched, extra: result.extra }).toEqual({
        typeName,
        mismatched: [],
        extra: [],
      });
      // 117 signals, and lastSeen or timestamp.
      expect(result.compared).toBe(118);
    }
  });

  it("matches every query and every type the queries reach", () => {
    for (const typeName of Object.keys(real)) {
      const result = compare(typeName);
      expect({ typeName, mismatched: result.mismatched, extra: result.extra }).toEqual({
        typeName,
        mismatched: [],
        extra: [],
      });
    }
  });

  it("serves every query and type of the real schema, and none it lacks", () => {
    const served = new Set(Object.keys(sandbox));
    expect(Object.keys(real).filter((name) => !served.has(name))).toEqual([]);
    expect(Object.keys(sandbox).filter((name) => !(name in real))).toEqual([]);
    const realQueries = [...members(real.Query).keys()];
    const sandboxQueries = new Set(members(sandbox.Query).keys());
    expect(realQueries.filter((name) => !sandboxQueries.has(name))).toEqual([]);
    expect([...sandboxQueries].filter((name) => !realQueries.includes(name))).toEqual([]);
    expect(realQueries.sort()).toEqual(
      [
        "attestations",
        "availableSignals",
        "dailyActivity",
        "dataSummary",
        "events",
        "segments",
        "signals",
        "signalsLatest",
        "signalsSnapshot",
        "vinVCLatest",
      ].sort(),
    );
  });

  it("answers introspection with the names, types and defaults its SDL declares", () => {
    expect(introspectedSignature(telemetrySchema)).toEqual(schemaSignature(telemetrySchema, { withoutAccess: true }));
  });
});
