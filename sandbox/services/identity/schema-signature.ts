import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  buildClientSchema,
  getNamedType,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";

/**
 * The signature of a GraphQL API: every type reachable from `Query`, with each field's arguments and return type and
 * each input's fields, but no descriptions. Two schemas answer the same queries alike when their signatures are equal,
 * so a fixture of the real identity API's signature lets a test see any drift of the sandbox's schema.
 */
export interface TypeSignature {
  kind: "OBJECT" | "INTERFACE" | "INPUT_OBJECT" | "ENUM" | "SCALAR" | "UNION";
  /** `name(arg: Type): Type`, with ` @deprecated` when the field is; input fields as `name: Type`. */
  members: string[];
  interfaces?: string[];
  oneOf?: boolean;
}

export type SchemaSignature = Record<string, TypeSignature>;

const argumentText = (arg: GraphQLArgument | GraphQLInputField) =>
  `${arg.name}: ${String(arg.type)}${arg.defaultValue === undefined ? "" : " = " + JSON.stringify(arg.defaultValue)}`;

function fieldText(field: GraphQLField<unknown, unknown>): string {
  const args = field.args.length ? `(${field.args.map(argumentText).join(", ")})` : "";
  return `${field.name}${args}: ${String(field.type)}${field.deprecationReason ? " @deprecated" : ""}`;
}

function typeSignature(type: GraphQLNamedType): TypeSignature {
  if (isObjectType(type) || isInterfaceType(type)) {
    return {
      kind: isObjectType(type) ? "OBJECT" : "INTERFACE",
      members: Object.values(type.getFields()).map(fieldText).sort(),
      interfaces: type
        .getInterfaces()
        .map((i) => i.name)
        .sort(),
    };
  }
  if (isInputObjectType(type)) {
    return {
      kind: "INPUT_OBJECT",
      members: Object.values(type.getFields()).map(argumentText).sort(),
      oneOf: type.isOneOf,
    };
  }
  if (isEnumType(type))
    return {
      kind: "ENUM",
      members: type
        .getValues()
        .map((v) => v.name)
        .sort(),
    };
  if (isUnionType(type))
    return {
      kind: "UNION",
      members: type
        .getTypes()
        .map((t) => t.name)
        .sort(),
    };
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
  return [...seen.values()].filter((type) => !(isScalarType(type) && isBuiltInScalar(type.name)));
}

const isBuiltInScalar = (name: string) => ["String", "Int", "Float", "Boolean", "ID"].includes(name);

/**
 * The signature of a schema as built from its SDL. Not validated: the real schema has a `@oneOf` input with a
 * required field, which its server accepts and graphql-js's validation does not.
 */
export function schemaSignature(schema: GraphQLSchema): SchemaSignature {
  const signature: SchemaSignature = {};
  for (const type of reachableTypes(schema).sort((a, b) => a.name.localeCompare(b.name))) {
    signature[type.name] = typeSignature(type);
  }
  return signature;
}

/** The signature a client sees: read through the introspection query, as a GraphQL client would. */
export function introspectedSignature(schema: GraphQLSchema): SchemaSignature {
  return schemaSignature(buildClientSchema(introspectionFromSchema(schema, { oneOf: true })));
}
