import { describe, expect, it } from "vitest";
import { redirectUriProblem } from "./redirect-uri";

describe("redirectUriProblem", () => {
  it("takes https anywhere and http on localhost only", () => {
    expect(redirectUriProblem("https://app.example.com/cb", [])).toBeUndefined();
    expect(redirectUriProblem("http://localhost:3000/cb", [])).toBeUndefined();
    expect(redirectUriProblem("http://127.0.0.1:3000", [])).toBeUndefined();
    expect(redirectUriProblem("http://app.example.com/cb", [])).toMatch(/https/);
    expect(redirectUriProblem("javascript:alert(1)", [])).toMatch(/https/);
  });

  it("refuses what is no URL, credentials, and one already enabled", () => {
    expect(redirectUriProblem("app.example.com", [])).toMatch(/whole URL/);
    expect(redirectUriProblem("https://u:p@app.example.com", [])).toMatch(/password/);
    expect(redirectUriProblem("https://a.example.com", ["https://a.example.com"])).toMatch(/already/);
  });
});
