import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { recoverMessageAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { challengeMessage } from "@/sandbox/services/auth/challenge";
import { fetchDeveloperJwt } from "./auth";
import { DimoError } from "./errors";
import { type HttpSettings } from "./http";
import { tokenExpiryMs } from "./jwt";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";

/** The challenge flow against a scripted server: what is sent, and what is refused. */

const license = { clientId: DEMO_LICENSE.clientId, domain: DEMO_LICENSE.redirectUri, apiKey: DEMO_LICENSE.apiKey };
const secret = new TextEncoder().encode("k".repeat(32));
const token = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(secret);

let server: StubServer;
/** DIMO's sign-in message for the license, from the stub server's auth address, issued now. */
const dimoChallenge = (authBaseUrl: string) =>
  challengeMessage({
    authBaseUrl,
    clientId: license.clientId,
    domain: license.domain,
    nonce: "N".repeat(30),
    issuedAtMs: Date.now(),
  });
const http = (): HttpSettings => ({
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: 1_000,
  retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 10, retryAfterCapMs: 10 },
  onActivity: () => {},
  secrets: [license.apiKey],
});

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());

describe("fetchDeveloperJwt", () => {
  it("asks for a challenge in the query, signs it with the API key and submits a form", async () => {
    const issued = await token({ exp: Math.floor(Date.now() / 1000) + 3600 });
    const text = dimoChallenge(`${server.url}/auth`);
    server.script(
      reply(200, { state: "abcdefghijklmnopqrstuvwxy", challenge: text }),
      reply(200, { access_token: issued }),
    );
    expect(await fetchDeveloperJwt(http(), license, `${server.url}/auth`)).toBe(issued);

    const [challenge, submit] = server.received;
    const query = new URL(challenge?.url ?? "", server.url).searchParams;
    expect(challenge?.method).toBe("POST");
    expect(new URL(challenge?.url ?? "", server.url).pathname).toBe("/auth/auth/web3/generate_challenge");
    expect(Object.fromEntries(query)).toEqual({
      client_id: license.clientId,
      domain: license.domain,
      scope: "openid email",
      response_type: "code",
      address: license.clientId,
    });
    const form = new URLSearchParams(submit?.body);
    expect(submit?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form.get("state")).toBe("abcdefghijklmnopqrstuvwxy");
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("domain")).toBe(license.domain);
    const signature = form.get("signature") as `0x${string}`;
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    const signer = await recoverMessageAddress({ message: text, signature });
    expect(signer).toBe(privateKeyToAccount(license.apiKey).address);
  });

  it("starts over with a fresh challenge when the submit fails in a retryable way, but only once", async () => {
    const issued = await token({ exp: Math.floor(Date.now() / 1000) + 3600 });
    const challenge = reply(200, { state: "s", challenge: dimoChallenge(server.url) });
    server.script(challenge, reply(503, "busy"), challenge, reply(200, { access_token: issued }));
    expect(await fetchDeveloperJwt(http(), license, server.url)).toBe(issued);
    expect(server.received.map((r) => r.url.split("?")[0])).toEqual([
      "/auth/web3/generate_challenge",
      "/auth/web3/submit_challenge",
      "/auth/web3/generate_challenge",
      "/auth/web3/submit_challenge",
    ]);

    server.script(challenge, reply(503, "busy"), challenge, reply(503, "busy"));
    await expect(fetchDeveloperJwt(http(), license, server.url)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(server.received).toHaveLength(4);
  });

  it("does not start over after a refusal", async () => {
    server.script(
      reply(200, { state: "s", challenge: dimoChallenge(server.url) }),
      reply(400, { status: 400, message: "Could not verify signature." }),
    );
    const error = await fetchDeveloperJwt(http(), license, server.url).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DimoError);
    expect(error).toMatchObject({ service: "auth", status: 400, upstreamMessage: "Could not verify signature." });
    expect(server.received).toHaveLength(2);
  });

  it("signs nothing when the challenge is not DIMO's message for this license, and says why", async () => {
    const foreign = challengeMessage({
      authBaseUrl: "https://auth.dimo.zone",
      clientId: license.clientId,
      domain: license.domain,
      nonce: "N".repeat(30),
      issuedAtMs: Date.now(),
    });
    for (const challenge of [foreign, "Transfer all funds", `${dimoChallenge(server.url)}\nextra`]) {
      server.script(reply(200, { state: "s", challenge }));
      const error = await fetchDeveloperJwt(http(), license, server.url).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DimoError);
      expect(error).toMatchObject({
        service: "auth",
        code: "INVALID_RESPONSE",
        message: expect.stringMatching(/challenge was not signed: .+/),
      });
      // Nothing was submitted, so no signature left the server.
      expect(server.received.map((r) => r.url.split("?")[0])).toEqual(["/auth/web3/generate_challenge"]);
    }
  });

  it("refuses an answer that is not a challenge", async () => {
    server.script(reply(200, { nothing: true }));
    await expect(fetchDeveloperJwt(http(), license, server.url)).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });
});

describe("tokenExpiryMs", () => {
  it("refuses a token without a numeric exp", async () => {
    expect(() => tokenExpiryMs("not a jwt", "auth", Date.now())).toThrow(DimoError);
    const noExp = await token({ sub: "x" });
    expect(() => tokenExpiryMs(noExp, "auth", Date.now())).toThrow(/numeric exp/);
    const textExp = await token({ exp: "tomorrow" });
    expect(() => tokenExpiryMs(textExp, "auth", Date.now())).toThrow(/numeric exp/);
  });

  it("uses exp, or the lifetime counted from arrival when the issuer's clock runs ahead", async () => {
    const now = 1_700_000_000_000;
    const inSync = await token({ iat: now / 1000, exp: now / 1000 + 600 });
    expect(tokenExpiryMs(inSync, "tokenExchange", now)).toBe(now + 600_000);
    const ahead = await token({ iat: now / 1000 + 3600, exp: now / 1000 + 4200 });
    expect(tokenExpiryMs(ahead, "tokenExchange", now)).toBe(now + 600_000);
    const noIat = await token({ exp: now / 1000 + 60 });
    expect(tokenExpiryMs(noIat, "tokenExchange", now)).toBe(now + 60_000);
  });
});
