import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { documentCache } from "./document-cache";

const schema = buildSchema("type Query { a: Int, b: String }");

describe("documentCache", () => {
  it("hands back the same checked document for the same text, and keeps the most recent ones", () => {
    const checked = documentCache(schema, 2);
    const first = checked("{ a }");
    expect(first.ok).toBe(true);
    expect(checked("{ a }")).toBe(first);
    checked("{ b }");
    checked("{ a b }");
    // `{ a }` was the least recently used of three: it is checked afresh.
    expect(checked("{ a }")).not.toBe(first);
    expect(checked("{ a }")).toEqual(first);
  });

  it("says which stage refused a query and does not keep it", () => {
    const checked = documentCache(schema);
    const parse = checked("{ a");
    expect(parse).toMatchObject({ ok: false, stage: "parse" });
    const invalid = checked("{ c }");
    expect(invalid).toMatchObject({ ok: false, stage: "validate" });
    if (invalid.ok) throw new Error("expected a refusal");
    expect(invalid.errors[0]?.message).toContain('Cannot query field "c"');
    expect(checked("{ c }")).not.toBe(invalid);
  });
});
