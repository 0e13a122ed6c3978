import { describe, expect, it } from "vitest";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS } from "@/lib/demo-license";
import { verifyDimoToken } from "@/lib/auth/dimo-token";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { OTHER_LICENSE } from "../../seed/wallets";

const E2E_LIKE_URI = "http://localhost:3999/login/dimo";
const suite = setUpSandbox({ redirectUris: [E2E_LIKE_URI] });
const DEV_URI = "http://localhost:3000/login/dimo";

const open = (params: Record<string, string>) => request(`${suite.url}/login/?${new URLSearchParams(params)}`);
const choose = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${suite.url}/login/`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

describe("the sandbox's DIMO login page", () => {
  it("shows the sandbox's accounts for a registered client id and redirect URI, as plain HTML with nothing from elsewhere", async () => {
    const page = await open({
      clientId: DEMO_LICENSE.clientId,
      redirectUri: DEV_URI,
      entryState: "EMAIL_INPUT",
      state: "s1",
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    for (const account of Object.values(DEMO_LOGIN_ACCOUNTS)) expect(page.text).toContain(account.email);
    expect(page.text).toContain(DEMO_LICENSE.owner.address);
    expect(page.text).not.toMatch(/<script|<link|<img|src=|https?:\/\/(?!localhost:3000)/i);
    expect(page.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:3000; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    // A state is accepted, as DIMO's login accepts any parameter, but it is not carried: nothing sends it back.
    expect(page.text).not.toContain('name="state"');
  });

  it("accepts the redirect URIs registered at start, compared exactly", async () => {
    expect((await open({ clientId: DEMO_LICENSE.clientId.toLowerCase(), redirectUri: E2E_LIKE_URI })).status).toBe(200);
    for (const redirectUri of [
      `${DEV_URI}/`,
      "http://localhost:3001/login/dimo",
      "http://127.0.0.1:3000/login/dimo",
      "",
    ]) {
      const answer = await open({ clientId: DEMO_LICENSE.clientId, redirectUri });
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.body).toEqual({ status: 400, message: "Unregistered redirect_uri." });
    }
    // Another license's URIs are not this one's.
    expect((await open({ clientId: DEMO_LICENSE.clientId, redirectUri: OTHER_LICENSE.redirectUri })).status).toBe(400);
  });

  it("refuses an unknown or malformed client id", async () => {
    for (const clientId of ["0x1111111111111111111111111111111111111111", "not-an-address", ""]) {
      const answer = await open({ clientId, redirectUri: DEV_URI });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ status: 404, message: "Invalid client_id." });
    }
  });

  it("sends the chosen account back with a User JWT the dashboard's verifier accepts, and no state, as DIMO does", async () => {
    const answer = await choose({
      clientId: DEMO_LICENSE.clientId,
      redirectUri: DEV_URI,
      state: "abc",
      account: "admin",
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(DEV_URI);
    // DIMO's login sends back its answer and nothing of the request: the state given is not echoed.
    expect([...back.searchParams.keys()].sort()).toEqual(["email", "token", "walletAddress"]);
    expect(back.searchParams.get("email")).toBe(DEMO_LOGIN_ACCOUNTS.admin.email);
    expect(back.searchParams.get("walletAddress")).toBe(DEMO_LOGIN_ACCOUNTS.admin.address);

    const token = back.searchParams.get("token") ?? "";
    const person = await verifyDimoToken(token, { authUrl: `${suite.url}/auth`, clientId: DEMO_LICENSE.clientId });
    expect(person).toMatchObject({
      address: DEMO_LOGIN_ACCOUNTS.admin.address.toLowerCase(),
      email: DEMO_LOGIN_ACCOUNTS.admin.email,
    });
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: `${suite.url}/auth`,
      aud: DEMO_LICENSE.clientId,
      ethereum_address: DEMO_LOGIN_ACCOUNTS.admin.address,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(14 * 24 * 3600);
  });

  it("signs the owner in as the license's owner", async () => {
    const answer = await choose({ clientId: DEMO_LICENSE.clientId, redirectUri: DEV_URI, account: "owner" });
    const back = new URL(answer.headers.get("location") ?? "");
    expect(back.searchParams.has("state")).toBe(false);
    expect(back.searchParams.get("walletAddress")).toBe(DEMO_LICENSE.owner.address);
  });

  it("checks the posted form again, and refuses a form posted from another site", async () => {
    const valid = { clientId: DEMO_LICENSE.clientId, redirectUri: DEV_URI, account: "owner" };
    expect((await choose({ ...valid, redirectUri: "http://evil.example/login/dimo" })).status).toBe(400);
    expect((await choose({ ...valid, clientId: "0x1111111111111111111111111111111111111111" })).status).toBe(404);
    expect((await choose({ ...valid, account: "root" })).status).toBe(400);
    expect((await choose(valid, { origin: "http://evil.example" })).status).toBe(403);
    expect((await choose(valid, { origin: "null" })).status).toBe(403);
    expect((await choose(valid, { origin: suite.url })).status).toBe(303);
  });
});
