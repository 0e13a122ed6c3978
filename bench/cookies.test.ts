import { describe, expect, it } from "vitest";
import { CookieJar } from "./cookies";

describe("CookieJar", () => {
  it("keeps names and values, drops attributes, and replaces a cookie set again", () => {
    const jar = new CookieJar();
    jar.store(["a=1; Path=/; HttpOnly; SameSite=Lax", "b=x=y; Path=/"]);
    jar.store(["a=2; Path=/"]);
    expect(jar.header()).toBe("a=2; b=x=y");
    expect(jar.has("b")).toBe(true);
    expect(jar.entries()).toEqual([
      ["a", "2"],
      ["b", "x=y"],
    ]);
  });

  it("removes cookies set to expire, by Max-Age or by Expires", () => {
    const jar = new CookieJar();
    jar.store(["a=1", "b=2", "c=3"]);
    jar.store(["a=; Max-Age=0", "b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT", "c=4; Max-Age=60"]);
    expect(jar.header()).toBe("c=4");
  });

  it("ignores headers without a name", () => {
    const jar = new CookieJar();
    jar.store(["=nameless", "garbage"]);
    expect(jar.header()).toBe("");
  });
});
