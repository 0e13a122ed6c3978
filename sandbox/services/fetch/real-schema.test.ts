import { describe, expect, it } from "vitest";
import { readSchemaFixture } from "../../graphql/schema-fixture";
import { introspectedSignature, memberName, type SchemaSignature } from "../../graphql/schema-signature";
import { fetchSchema } from "./schema";

/**
 * The sandbox's Fetch schema, read by introspection as a client reads it, against the signature of DIMO's real one at
 * a fixed commit (regenerate with scripts/fetch-schema-fixture.ts). Every type reachable from Query must match member
 * for member: anything missing, extra or different fails.
 */
const fixture = readSchemaFixture(new URL("./real-schema.fixture.json", import.meta.url));
const sandbox = introspectedSignature(fetchSchema);

function membersOf(types: SchemaSignature, typeName: string): Map<string, string> {
  return new Map((types[typeName]?.members ?? []).map((member) => [memberName(member), member]));
}

describe(`fetch schema against fetch-api ${fixture.commit.slice(0, 7)}`, () => {
  it("serves the five queries with the real arguments, defaults and types", () => {
    const real = membersOf(fixture.types, "Query");
    const ours = membersOf(sandbox, "Query");
    expect([...real.keys()].sort()).toEqual(
      ["availableCloudEventTypes", "cloudEvents", "indexes", "latestCloudEvent", "latestIndex"].sort(),
    );
    for (const [name, member] of real) expect({ name, member: ours.get(name) }).toEqual({ name, member });
    expect([...ours.keys()].filter((name) => !real.has(name))).toEqual([]);
  });

  it("has every reachable type, field for field", () => {
    let compared = 0;
    let matching = 0;
    for (const [name, real] of Object.entries(fixture.types)) {
      const ours = membersOf(sandbox, name);
      for (const [field, member] of membersOf(fixture.types, name)) {
        compared += 1;
        if (ours.get(field) === member) matching += 1;
      }
      expect({ name, ...sandbox[name] }).toEqual({ name, ...real });
    }
    console.log(`fetch-api ${fixture.commit.slice(0, 7)}: ${matching} of ${compared} fields match`);
    expect(Object.keys(sandbox)).toEqual(Object.keys(fixture.types));
    expect(compared).toBe(36);
  });
});
