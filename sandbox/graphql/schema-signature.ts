import {
  type GraphQLArgument,
  type GraphQLEnumValue,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  astFromValue,
  buildClientSchema,
  getNamedType,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  print,
} from "graphql";

/**
 * The signature of a GraphQL API: every type reachable from `Query`, with each field's arguments, defaults and return
 * type, each input's fields, each enum's values, deprecations and the directives that decide who may read a field, but
 * no descriptions. Two schemas answer the same queries alike when their signatures are equal, so a fixture of a real
 * DIMO API's signature lets a test see any drift of the sandbox's schema.
 */
export interface TypeSignature {
  kind: "OBJECT" | "INTERFACE" | "INPUT_OBJECT" | "ENUM" | "SCALAR" | "UNION";
  /**
   * Fields as `name(arg: Type = default): Type`, input fields as `name: Type = default`, enum values and union members
   * by name; each followed by ` @deprecated` when it is, then by its access directives. Sorted.
   */
  members: string[];
  interfaces?: string[];
  oneOf?: boolean;
}

export type SchemaSignature = Record<string, TypeSignature>;

/**
 * The directives that decide who may read a field. A client sees their effect, so they belong to the signature; the
 * services' other directives (code generation, tooling) do not.
 */
const ACCESS_DIRECTIVES = new Set(["requiresVehicleToken", "requiresAllOfPrivileges", "requiresOneOfPrivilege"]);

const BUILT_IN_SCALARS = new Set(["String", "Int", "Float", "Boolean", "ID"]);

interface SignatureOptions {
  /** Leave out the access directives, to compare with a schema read by introspection, which cannot show them. */
  withoutAccess?: boolean;
}

const deprecation = (member: { deprecationReason?: string | null }) => (member.deprecationReason ? " @deprecated" : "");

function inputText(input: GraphQLArgument | GraphQLInputField): string {
  const defaultValue = input.defaultValue === undefined ? null : astFromValue(input.defaultValue, input.type);
  return `${input.name}: ${String(input.type)}${defaultValue ? ` = ${print(defaultValue)}` : ""}${deprecation(input)}`;
}

/** Directives live only on the SDL's syntax tree, so a schema built from introspection has none to show. */
function accessText(field: GraphQLField<unknown, unknown>): string {
  return (field.astNode?.directives ?? [])
    .filter((directive) => ACCESS_DIRECTIVES.has(directive.name.value))
    .map((directive) => ` ${print(directive)}`)
    .join("");
}

function fieldText(field: GraphQLField<unknown, unknown>, options: SignatureOptions): string {
  const args = field.args.length ? `(${field.args.map(inputText).join(", ")})` : "";
  const access = options.withoutAccess ? "" : accessText(field);
  return `${field.name}${args}: ${String(field.type)}${deprecation(field)}${access}`;
}

const enumValueText = (value: GraphQLEnumValue) => `${value.name}${deprecation(value)}`;

function typeSignature(type: GraphQLNamedType, options: SignatureOptions): TypeSignature {
  if (isObjectType(type) || isInterfaceType(type)) {
    return {
      kind: isObjectType(type) ? "OBJECT" : "INTERFACE",
      members: Object.values(type.getFields())
        .map((field) => fieldText(field, options))
        .sort(),
      interfaces: type
        .getInterfaces()
        .map((i) => i.name)
        .sort(),
    };
  }
  if (isInputObjectType(type)) {
    return {
      kind: "INPUT_OBJECT",
      members: Object.values(type.getFields()).map(inputText).sort(),
      oneOf: type.isOneOf,
    };
  }
  if (isEnumType(type)) return { kind: "ENUM", members: type.getValues().map(enumValueText).sort() };
  if (isUnionType(type)) {
    return {
      kind: "UNION",
      members: type
        .getTypes()
        .map((t) => t.name)
        .sort(),
    };
  }
  return { kind: "SCALAR", members: [] };
}

/** Types reachable from Query through fields, arguments, input fields, interfaces and their implementations. */
function reachableTypes(schema: GraphQLSchema): GraphQLNamedType[] {
  const query = schema.getQueryType();
  if (!query) return [];
  const seen = new Map<string, GraphQLNamedType>();
  const pending: GraphQLNamedType[] = [query];
  const visit = (type: GraphQLNamedType) => {
    if (!seen.has(type.name) && !type.name.startsWith("__")) pending.push(type);
  };
  for (let type = pending.pop(); type; type = pending.pop()) {
    if (seen.has(type.name)) continue;
    seen.set(type.name, type);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        visit(getNamedType(field.type));
        field.args.forEach((arg) => visit(getNamedType(arg.type)));
      }
      type.getInterfaces().forEach(visit);
      if (isInterfaceType(type)) schema.getPossibleTypes(type).forEach(visit);
    } else if (isInputObjectType(type)) {
      Object.values(type.getFields()).forEach((field) => visit(getNamedType(field.type)));
    } else if (isUnionType(type)) {
      type.getTypes().forEach(visit);
    }
  }
  return [...seen.values()].filter((type) => !(isScalarType(type) && BUILT_IN_SCALARS.has(type.name)));
}

/**
 * The signature of a schema, types sorted by name. Works on a schema built from SDL without validation: DIMO's identity
 * schema has a `@oneOf` input with a required field, which its server accepts and graphql-js's validation does not.
 */
export function schemaSignature(schema: GraphQLSchema, options: SignatureOptions = {}): SchemaSignature {
  const signature: SchemaSignature = {};
  for (const type of reachableTypes(schema).sort((a, b) => a.name.localeCompare(b.name))) {
    signature[type.name] = typeSignature(type, options);
  }
  return signature;
}

/** The signature a client sees: read through the introspection query, as a GraphQL client would, so no directives. */
export function introspectedSignature(schema: GraphQLSchema): SchemaSignature {
  return schemaSignature(buildClientSchema(introspectionFromSchema(schema, { oneOf: true })));
}

/** The name a member of a {@link TypeSignature} starts with, to pair it with the same member of another signature. */
export function memberName(member: string): string {
  return /^[_A-Za-z][_0-9A-Za-z]*/.exec(member)?.[0] ?? member;
}
