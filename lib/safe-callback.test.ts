import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./safe-callback";

describe("safeCallbackPath", () => {
  it.each([
    ["/vehicles/21957/trips?page=3", "/vehicles/21957/trips?page=3"],
    ["http://localhost:3000/developer", "/developer"],
    ["//evil.example/x", "/vehicles"],
    ["/\\evil.example", "/vehicles"],
    ["javascript:alert(1)", "/vehicles"],
    ["/login?callbackUrl=/x", "/vehicles"],
    [undefined, "/vehicles"],
    [["/a", "/b"], "/vehicles"],
  ])("%j goes to %s", (input, expected) => expect(safeCallbackPath(input)).toBe(expected));
});
