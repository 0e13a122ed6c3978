import { type Context } from "hono";

/**
 * Request bodies read the way the real service's Fiber BodyParser and Go's encoding/json read them: a content type
 * that is not JSON is refused as 422 before the body is looked at; keys match struct fields case-insensitively
 * (`targetUrl` sets `targetURL`); unknown keys are ignored; `null` leaves a field unset; a value of the wrong JSON
 * type is an error that names the Go struct field.
 */

export type GoFieldType = "string" | "int" | "stringList";

export type GoBody =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; kind: "unsupportedMediaType" }
  | { ok: false; kind: "invalid"; message: string };

const MAX_INT64 = 9_223_372_036_854_775_807;

const jsonKind = (value: unknown): string =>
  Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "boolean" ? "bool" : typeof value;

const GO_TYPES: Record<GoFieldType, string> = { string: "string", int: "int", stringList: "[]string" };

function unmarshalError(value: unknown, struct: string, field: string, type: GoFieldType): string {
  const shown = typeof value === "number" ? `number ${String(value)}` : jsonKind(value);
  return `json: cannot unmarshal ${shown} into Go struct field ${struct}.${field} of type ${GO_TYPES[type]}`;
}

function checkValue(value: unknown, type: GoFieldType): boolean {
  if (type === "string") return typeof value === "string";
  if (type === "int") return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= MAX_INT64;
  return Array.isArray(value) && value.every((item) => typeof item === "string" || item === null);
}

/**
 * Reads a JSON body into the named fields of a Go struct. `fields` maps each field's JSON name to its type; the
 * result holds only fields present with a non-null value, under their exact names.
 */
export async function readGoBody(c: Context, struct: string, fields: Record<string, GoFieldType>): Promise<GoBody> {
  const contentType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!contentType.endsWith("json")) return { ok: false, kind: "unsupportedMediaType" };
  const text = await c.req.text();
  if (text.trim() === "") return { ok: false, kind: "invalid", message: "unexpected end of JSON input" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: "invalid", message: error instanceof Error ? error.message : "invalid JSON" };
  }
  if (parsed === null) return { ok: true, fields: {} };
  if (typeof parsed !== "object" || Array.isArray(parsed)) {
    return {
      ok: false,
      kind: "invalid",
      message: `json: cannot unmarshal ${jsonKind(parsed)} into Go value of type ${struct}`,
    };
  }
  const byLowerName = new Map(Object.keys(fields).map((name) => [name.toLowerCase(), name]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const name = Object.hasOwn(fields, key) ? key : byLowerName.get(key.toLowerCase());
    if (!name) continue;
    const type = fields[name] as GoFieldType;
    if (value === null) continue;
    if (!checkValue(value, type))
      return { ok: false, kind: "invalid", message: unmarshalError(value, struct, name, type) };
    out[name] = value;
  }
  return { ok: true, fields: out };
}
