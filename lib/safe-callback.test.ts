import { describe, expect, it } from "vitest";
import { safeCallbackPath, safeCallbackUrl } from "./safe-callback";

const SITE = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it.each([
    ["/vehicles/21957/trips?page=3", "/vehicles/21957/trips?page=3"],
    ["/developer#tokens", "/developer#tokens"],
    ["http://localhost:3000/developer", "/developer"],
    ["developer", "/developer"],
  ])("keeps %j on this site: %s", (input, expected) => expect(safeCallbackPath(input, SITE)).toBe(expected));

  it.each([
    ["tab", "/\t/evil.example/x"],
    ["newline", "/\n/evil.example/x"],
    ["carriage return", "/\r/evil.example"],
    ["leading tab", "\t//evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["double backslash", "\\\\evil.example"],
    ["slash backslash", "/\\evil.example"],
    ["protocol-relative", "//evil.example/x"],
    ["normalised to protocol-relative", "/.//evil.example/x"],
    ["absolute http", "http://evil.example/x"],
    ["absolute https", "https://evil.example"],
    ["same host, other port", "http://localhost:3001/vehicles"],
    ["same host, other scheme", "https://localhost:3000/vehicles"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["user info", "http://localhost:3000@evil.example/"],
    ["login loop", "/login?callbackUrl=/x"],
    ["not a string", ["/a", "/b"]],
    ["absent", undefined],
  ])("refuses %s", (_name, input) => expect(safeCallbackPath(input, SITE)).toBe("/vehicles"));

  it("keeps a path of up to 2,048 characters and refuses one longer", () => {
    const path = (length: number) => `/vehicles?q=${"x".repeat(length - "/vehicles?q=".length)}`;
    expect(safeCallbackPath(path(2_048), SITE)).toBe(path(2_048));
    expect(safeCallbackPath(path(2_049), SITE)).toBe("/vehicles");
  });

  it("keeps percent-encoded slashes as a path on this site", () => {
    const path = safeCallbackPath("/%2F%2Fevil.example", SITE);
    expect(new URL(path, SITE).origin).toBe(SITE);
    expect(path.startsWith("//")).toBe(false);
  });

  it("every result, used as a link from this site, stays on this site", () => {
    const inputs = [
      "/%2F%2Fevil.example",
      "/\t/evil.example",
      "/.//evil.example",
      "/%09/evil.example",
      "/%5Cevil.example",
      "///evil.example",
    ];
    for (const input of inputs) expect(new URL(safeCallbackPath(input, SITE), SITE).origin).toBe(SITE);
  });
});

describe("safeCallbackUrl", () => {
  it("answers absolute URLs on this site only", () => {
    expect(safeCallbackUrl("/developer", SITE)).toBe("http://localhost:3000/developer");
    expect(safeCallbackUrl("https://evil.example/", SITE)).toBe("http://localhost:3000/vehicles");
    expect(safeCallbackUrl("/\t/evil.example", SITE)).toBe("http://localhost:3000/vehicles");
    // Sign-out goes to the login page.
    expect(safeCallbackUrl("/login", SITE)).toBe("http://localhost:3000/login");
  });
});
