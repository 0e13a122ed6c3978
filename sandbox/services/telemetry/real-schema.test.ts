import { describe, expect, it } from "vitest";
import { readSchemaFixture } from "../../graphql/schema-fixture";
import { introspectedSignature, memberName, schemaSignature, type TypeSignature } from "../../graphql/schema-signature";
import { telemetrySchema } from "./schema";

/**
 * The sandbox's Telemetry schema against the fixture of DIMO's real one (scripts/telemetry-schema-fixture.ts): every
 * query the sandbox serves, and every type those queries reach, must match the real signatures exactly. The queries
 * not served yet, and the types only they reach, are the named gaps below; anything else that differs fails.
 */

const fixture = readSchemaFixture(new URL("./real-schema.fixture.json", import.meta.url));

/** Queries of the real schema the sandbox does not serve yet. */
const QUERIES_NOT_SERVED = ["events", "dailyActivity", "attestations"];
/** Types only those queries reach. */
const TYPES_ONLY_THEY_REACH = [
  "Event",
  "EventFilter",
  "StringValueFilter",
  "DailyActivity",
  "Attestation",
  "AttestationFilter",
  "StringArrayFilter",
  "Address",
];

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
  it("reports how much matches, with the known gaps named", () => {
    let compared = 0;
    let matching = 0;
    for (const typeName of Object.keys(real)) {
      if (TYPES_ONLY_THEY_REACH.includes(typeName)) continue;
      const result = compare(typeName, typeName === "Query" ? new Set(QUERIES_NOT_SERVED) : undefined);
      compared += result.compared;
      matching += result.matching;
    }
    const signals = compare("SignalCollection");
    console.log(
      `telemetry-api ${fixture.commit.slice(0, 7)}: ${matching} of ${compared} fields and values match; ` +
        `SignalCollection ${signals.matching} of ${signals.compared}. ` +
        `Known gaps: queries ${QUERIES_NOT_SERVED.join(", ")}; types ${TYPES_ONLY_THEY_REACH.join(", ")}.`,
    );
    expect(matching).toBe(compared);
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

  it("matches every type the served queries reach, and the served queries themselves", () => {
    for (const typeName of Object.keys(real)) {
      if (TYPES_ONLY_THEY_REACH.includes(typeName)) continue;
      const skip = typeName === "Query" ? new Set(QUERIES_NOT_SERVED) : new Set<string>();
      const result = compare(typeName, skip);
      expect({ typeName, mismatched: result.mismatched, extra: result.extra }).toEqual({
        typeName,
        mismatched: [],
        extra: [],
      });
    }
  });

  it("leaves unserved exactly the named gaps, no more", () => {
    const served = new Set(Object.keys(sandbox));
    const missingTypes = Object.keys(real).filter((name) => !served.has(name));
    expect(missingTypes.sort()).toEqual([...TYPES_ONLY_THEY_REACH].sort());
    const realQueries = [...members(real.Query).keys()];
    const sandboxQueries = new Set(members(sandbox.Query).keys());
    expect(realQueries.filter((name) => !sandboxQueries.has(name)).sort()).toEqual([...QUERIES_NOT_SERVED].sort());
  });

  it("answers introspection with the names, types and defaults its SDL declares", () => {
    expect(introspectedSignature(telemetrySchema)).toEqual(schemaSignature(telemetrySchema, { withoutAccess: true }));
  });
});
