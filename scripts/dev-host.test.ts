import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script, without type declarations
import { nextDevArgs } from "./dev-host.mjs";

const args = nextDevArgs as (env: Record<string, string | undefined>, extra: string[]) => string[];

describe("npm run dev's address", () => {
  it("binds 127.0.0.1 by default, not every interface", () => {
    expect(args({}, [])).toEqual(["dev", "--hostname", "127.0.0.1"]);
    expect(args({ HOST: " " }, ["--turbopack"])).toEqual(["dev", "--hostname", "127.0.0.1", "--turbopack"]);
  });

  it("binds where HOST or an explicit --hostname says", () => {
    expect(args({ HOST: "0.0.0.0" }, [])).toEqual(["dev", "--hostname", "0.0.0.0"]);
    expect(args({ HOST: "0.0.0.0" }, ["-H", "::1"])).toEqual(["dev", "-H", "::1"]);
  });
});
