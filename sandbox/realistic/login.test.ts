import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox({ profile: "realistic" });

const open = (params: Record<string, string>) => request(`${suite.url}/login/?${new URLSearchParams(params)}`);
const panel = (html: string) => ({
  heading: html.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1],
  message: html.match(/<p>([^<]*)<\/p>/)?.[1],
});

describe("the sandbox's DIMO login page (realistic)", () => {
  it("answers an unknown client id with DIMO's HTML error page", async () => {
    const answer = await open({
      clientId: "0x1111111111111111111111111111111111111111",
      redirectUri: "http://localhost:3000/login/dimo",
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(panel(answer.text)).toEqual({ heading: "Not Found", message: "Invalid client_id." });
  });

  it("answers an unregistered redirect URI with DIMO's HTML error page", async () => {
    const answer = await open({ clientId: DEMO_LICENSE.clientId, redirectUri: "http://localhost:3000/login/dimo/" });
    expect(answer.status).toBe(400);
    expect(panel(answer.text)).toEqual({ heading: "Bad Request", message: "Unregistered redirect_uri." });
  });

  it("still shows the page for a registered one", async () => {
    const answer = await open({ clientId: DEMO_LICENSE.clientId, redirectUri: "http://localhost:3000/login/dimo" });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Log in with DIMO");
  });
});
