import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_CREDENTIALS, getDeveloperJwt } from "../flow-client";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox({ profile: "realistic" });

const VALID: Record<"client_id" | "domain" | "scope" | "response_type" | "address", string> = {
  client_id: DEMO_LICENSE.clientId,
  domain: DEMO_LICENSE.redirectUri,
  scope: "openid email",
  response_type: "code",
  address: DEMO_LICENSE.clientId,
};

const generate = (params: Partial<Record<keyof typeof VALID, string>> = {}) =>
  request(`${suite.url}/auth/auth/web3/generate_challenge?${new URLSearchParams({ ...VALID, ...params })}`, {
    method: "POST",
  });

/** The heading and paragraph of the error page's panel. */
function panel(html: string): { heading: string | undefined; message: string | undefined } {
  return {
    heading: html.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1],
    message: html.match(/<p>([^<]*)<\/p>/)?.[1],
  };
}

beforeEach(async () => {
  await suite.control.reset();
});

describe("the auth service's HTML error pages (realistic)", () => {
  it("answers an unknown client id with a 404 HTML page carrying the JSON error's message", async () => {
    for (const clientId of ["0x1111111111111111111111111111111111111111", "not-an-address"]) {
      const answer = await generate({ client_id: clientId, address: clientId });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.body).toBeUndefined(); // not JSON
      expect(answer.text).toMatch(/^<!DOCTYPE html>/);
      expect(panel(answer.text)).toEqual({ heading: "Not Found", message: "Invalid client_id." });
    }
  });

  it("answers an unregistered redirect URI with a 400 HTML page, comparing the URI exactly", async () => {
    for (const domain of ["http://localhost:3001", "http://localhost:3000//", "https://evil.example", ""]) {
      const answer = await generate({ domain });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(panel(answer.text)).toEqual({ heading: "Bad Request", message: "Unregistered redirect_uri." });
    }
  });

  it("keeps the other challenge and submission errors as JSON", async () => {
    const scope = await generate({ scope: "openid" });
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({ status: 400, message: "Invalid scope." });
    const submit = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: "junk",
        state: "x",
        grant_type: "authorization_code",
        domain: "",
        signature: "",
      }),
    });
    expect(submit.status).toBe(400);
    expect(submit.body).toEqual({ status: 400, message: "Requested resource does not exist." });
  });

  it("signs in with the redirect URI registered with a trailing slash, and without", async () => {
    for (const domain of [DEMO_LICENSE.redirectUri, `${DEMO_LICENSE.redirectUri}/`]) {
      const token = await getDeveloperJwt(suite.url, { ...DEMO_CREDENTIALS, domain });
      expect(token.split(".")).toHaveLength(3);
    }
  });

  it("does not echo the request in the page", async () => {
    const answer = await generate({ domain: "<script>alert(1)</script>" });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain("<script>");
  });
});

describe("the trailing-slash redirect URI, in the default profile too", () => {
  const friendly = setUpSandbox();

  it("signs in, and its challenge names the same host", async () => {
    const domain = `${DEMO_LICENSE.redirectUri}/`;
    const query = new URLSearchParams({ ...VALID, domain });
    const issued = await request(`${friendly.url}/auth/auth/web3/generate_challenge?${query}`, { method: "POST" });
    expect(issued.status).toBe(200);
    const { state, challenge } = issued.body as { state: string; challenge: string };
    expect(challenge.split("\n")[3]).toBe("localhost is asking you sign in.");
    const signature = await privateKeyToAccount(DEMO_LICENSE.apiKey).signMessage({ message: challenge });
    const fields = { client_id: DEMO_LICENSE.clientId, state, grant_type: "authorization_code", signature };
    const submit = (d: string) =>
      request(`${friendly.url}/auth/auth/web3/submit_challenge`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, domain: d }),
      });
    // The submission must repeat the domain exactly as step 1 had it.
    expect((await submit(DEMO_LICENSE.redirectUri)).status).toBe(400);
    expect((await submit(domain)).status).toBe(200);
  });
});
