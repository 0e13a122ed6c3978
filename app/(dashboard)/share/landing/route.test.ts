import { describe, expect, it } from "vitest";
import { GET } from "./route";

describe("the share landing route", () => {
  it("drops the owner's token, email and wallet, and passes on the vehicles and the link's name", () => {
    const response = GET(
      new Request(
        "http://localhost:3000/share/landing?token=eyJ.secret.jwt&email=o%40example.com&walletAddress=0xabc" +
          "&sharedVehicles=7301%2C7302&utm=Spring+BEVs",
      ),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toBe("/share/arrived?sharedVehicles=7301%2C7302&utm=Spring+BEVs");
    expect(location).not.toContain("secret");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("goes to the summary with nothing when nothing came back", () => {
    expect(GET(new Request("http://localhost:3000/share/landing?token=x")).headers.get("Location")).toBe(
      "/share/arrived",
    );
  });
});
