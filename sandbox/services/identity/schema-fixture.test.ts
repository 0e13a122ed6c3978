import { describe, expect, it } from "vitest";
import { readSchemaFixture } from "../../graphql/schema-fixture";
import { introspectedSignature, type SchemaSignature, type TypeSignature } from "../../graphql/schema-signature";
import { identitySchema } from "./schema";

/**
 * The sandbox's identity schema, read by introspection, against the signature of DIMO's real one at a fixed commit
 * (regenerate with scripts/identity-schema-fixture.ts). Every type reachable from Query must match member for member.
 */
const fixture = readSchemaFixture(new URL("./real-schema.fixture.json", import.meta.url));

/**
 * The one place the sandbox cannot say what the real schema says: graphql-js refuses a `@oneOf` input whose field is
 * required. With a single required field the input asks for exactly one value either way.
 */
const ACCEPTED: Record<string, Partial<TypeSignature>> = { DeviceDefinitionBy: { oneOf: false } };

const sandbox = introspectedSignature(identitySchema);

function membersOf(types: SchemaSignature, typeName: string): string[] {
  const type = types[typeName];
  return type ? type.members.map((member) => `${typeName}.${member}`) : [];
}

describe(`identity schema against identity-api ${fixture.commit.slice(0, 7)}`, () => {
  it("serves every Query field with the real arguments and types", () => {
    const real = membersOf(fixture.types, "Query");
    const matching = real.filter((member) => membersOf(sandbox, "Query").includes(member));
    console.log(`identity Query fields: ${matching.length} of ${real.length} match`);
    expect(real.length).toBe(21);
    expect(membersOf(sandbox, "Query")).toEqual(real);
  });

  it("has every reachable type, member for member", () => {
    const realMembers = Object.keys(fixture.types).flatMap((name) => membersOf(fixture.types, name));
    const ours = new Set(Object.keys(sandbox).flatMap((name) => membersOf(sandbox, name)));
    const matching = realMembers.filter((member) => ours.has(member));
    console.log(
      `identity types: ${Object.keys(fixture.types).filter((name) => name in sandbox).length} of ` +
        `${Object.keys(fixture.types).length}; fields: ${matching.length} of ${realMembers.length} match`,
    );
    expect(Object.keys(sandbox)).toEqual(Object.keys(fixture.types));
    for (const [name, real] of Object.entries(fixture.types)) {
      expect({ name, ...sandbox[name] }).toEqual({ name, ...real, ...ACCEPTED[name] });
    }
  });

  it("gives Vehicle its twenty fields and the Node interface", () => {
    expect(sandbox.Vehicle?.members).toHaveLength(20);
    expect(sandbox.Vehicle?.interfaces).toEqual(["Node"]);
  });
});
