import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildClientSchema, getIntrospectionQuery, graphqlSync } from "graphql";
import { describe, expect, it } from "vitest";
import { telemetrySchema } from "./schema";
import { type FieldSignature, type SchemaSignatures, schemaSignatures, type TypeSignature } from "./schema-signatures";

/**
 * The sandbox's Telemetry schema against the fixture of DIMO's real one (scripts/telemetry-schema-fixture.ts): every
 * query the sandbox serves, and every type those queries reach, must match the real signatures exactly. The queries
 * not served yet, and the types only they reach, are the named gaps below; anything else that differs fails.
 */

const fixture = JSON.parse(readFileSync(join(__dirname, "real-schema.fixture.json"), "utf8")) as {
  commit: string;
  types: SchemaSignatures;
};

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

const sandbox = schemaSignatures(telemetrySchema);
const real = fixture.types;

function byName(fields: readonly FieldSignature[]): Map<string, FieldSignature> {
  return new Map(fields.map((field) => [field.name, field]));
}

/** The fields (or values) of a type, each as a comparable string, keyed by name. */
function members(type: TypeSignature | undefined): Map<string, string> {
  if (!type) return new Map();
  if (type.kind === "OBJECT") return new Map([...byName(type.fields)].map(([name, f]) => [name, JSON.stringify(f)]));
  if (type.kind === "INPUT_OBJECT") return new Map(type.fields.map((f) => [f.name, JSON.stringify(f)]));
  if (type.kind === "ENUM") return new Map(type.values.map((value) => [value, value]));
  return new Map([["(scalar)", "SCALAR"]]);
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

  it("answers introspection with the names and types its SDL declares", () => {
    const result = graphqlSync({ schema: telemetrySchema, source: getIntrospectionQuery() });
    expect(result.errors).toBeUndefined();
    const introspected = schemaSignatures(buildClientSchema(result.data as never));
    // Introspection shows neither directives nor (without the SDL) default values, so those are left out here.
    const shape = (type: TypeSignature | undefined) =>
      JSON.stringify(type, (key, value: unknown) => (key === "access" || key === "defaultValue" ? undefined : value));
    for (const typeName of Object.keys(sandbox)) {
      expect(shape(introspected[typeName])).toBe(shape(sandbox[typeName]));
    }
  });
});
