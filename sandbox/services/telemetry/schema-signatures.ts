import {
  type ConstDirectiveNode,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  type Kind,
  print,
} from "graphql";

/**
 * The signatures of a Telemetry API schema, reduced to what a client relies on: for every type reachable from
 * `Query`, its fields with their arguments, types, defaults and access directives (descriptions and the service's
 * code-generation directives left out). Both the real schema (for the fixture) and the sandbox's are read this way,
 * so the two compare field by field.
 */

/** The directives that decide who may read a field; the only ones a client can observe. */
const ACCESS_DIRECTIVES = new Set(["requiresVehicleToken", "requiresAllOfPrivileges", "requiresOneOfPrivilege"]);

export interface ArgumentSignature {
  name: string;
  type: string;
  defaultValue?: string;
}

export interface FieldSignature {
  name: string;
  type: string;
  args: ArgumentSignature[];
  access: string[];
}

export type TypeSignature =
  | { kind: "OBJECT"; fields: FieldSignature[] }
  | { kind: "INPUT_OBJECT"; fields: ArgumentSignature[] }
  | { kind: "ENUM"; values: string[] }
  | { kind: "SCALAR" };

export type SchemaSignatures = Record<string, TypeSignature>;

function accessOf(directives: readonly ConstDirectiveNode[] | undefined): string[] {
  return (directives ?? []).filter((d) => ACCESS_DIRECTIVES.has(d.name.value)).map((d) => print(d));
}

function defaultOf(node: { defaultValue?: { kind: Kind } } | undefined): { defaultValue?: string } {
  const value = node?.defaultValue;
  return value ? { defaultValue: print(value as Parameters<typeof print>[0]) } : {};
}

function argumentOf(arg: GraphQLInputField | GraphQLField<unknown, unknown>["args"][number]): ArgumentSignature {
  return { name: arg.name, type: String(arg.type), ...defaultOf(arg.astNode ?? undefined) };
}

function fieldOf(field: GraphQLField<unknown, unknown>): FieldSignature {
  return {
    name: field.name,
    type: String(field.type),
    args: field.args.map(argumentOf),
    access: accessOf(field.astNode?.directives),
  };
}

function typeOf(type: GraphQLNamedType): TypeSignature {
  if (isObjectType(type)) return { kind: "OBJECT", fields: Object.values(type.getFields()).map(fieldOf) };
  if (isInputObjectType(type)) return { kind: "INPUT_OBJECT", fields: Object.values(type.getFields()).map(argumentOf) };
  if (isEnumType(type)) return { kind: "ENUM", values: type.getValues().map((value) => value.name) };
  return { kind: "SCALAR" };
}

/** The types reachable from the root fields named (all of Query when none are), each with its signature. */
export function schemaSignatures(schema: GraphQLSchema, queryFields?: readonly string[]): SchemaSignatures {
  const query = schema.getQueryType();
  if (!query) return {};
  const found: SchemaSignatures = {};
  const visit = (type: GraphQLNamedType) => {
    if (found[type.name] || (isScalarType(type) && type.name in BUILT_IN_SCALARS)) return;
    found[type.name] = typeOf(type);
    if (isObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        visit(getNamedType(field.type));
        for (const arg of field.args) visit(getNamedType(arg.type));
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
    }
  };
  const wanted = queryFields ? new Set(queryFields) : null;
  const fields = Object.values(query.getFields()).filter((field) => !wanted || wanted.has(field.name));
  found.Query = { kind: "OBJECT", fields: fields.map(fieldOf) };
  for (const field of fields) {
    visit(getNamedType(field.type));
    for (const arg of field.args) visit(getNamedType(arg.type));
  }
  return found;
}

const BUILT_IN_SCALARS = { String: 1, Int: 1, Float: 1, Boolean: 1, ID: 1 };
