import { describe, expect, it } from "vitest";
import { demoLandingRedirectUris, loginRedirectUriFor } from "./demo-license";

describe("demoLandingRedirectUris", () => {
  it("gives each dashboard that signs in with DIMO its share landing page, and nothing for other addresses", () => {
    expect(
      demoLandingRedirectUris([
        loginRedirectUriFor("http://localhost:3000"),
        "http://localhost:3000",
        "http://localhost:3000/",
        loginRedirectUriFor("http://localhost:3100"),
        "/login/dimo",
      ]),
    ).toEqual(["http://localhost:3000/share/landing", "http://localhost:3100/share/landing"]);
  });
});
