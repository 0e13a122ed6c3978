import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { deterministicWallet, OTHER_LICENSE } from "../../seed/wallets";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

interface ChallengeParams {
  client_id: string;
  domain: string;
  scope: string;
  response_type: string;
  address: string;
}

const VALID: ChallengeParams = {
  client_id: DEMO_LICENSE.clientId,
  domain: DEMO_LICENSE.redirectUri,
  scope: "openid email",
  response_type: "code",
  address: DEMO_LICENSE.clientId,
};

async function generate(params: Partial<ChallengeParams> = {}) {
  const query = new URLSearchParams({ ...VALID, ...params });
  return request(`${suite.url}/auth/auth/web3/generate_challenge?${query}`, { method: "POST" });
}

async function challenge(): Promise<{ state: string; challenge: string }> {
  const answer = await generate();
  expect(answer.status).toBe(200);
  return answer.body as { state: string; challenge: string };
}

async function submit(fields: Record<string, string>) {
  return request(`${suite.url}/auth/auth/web3/submit_challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function signedSubmission(overrides: Record<string, string> = {}, key: `0x${string}` = DEMO_LICENSE.apiKey) {
  const issued = await challenge();
  const signature = await privateKeyToAccount(key).signMessage({ message: issued.challenge });
  const fields = {
    client_id: DEMO_LICENSE.clientId,
    state: issued.state,
    grant_type: "authorization_code",
    domain: DEMO_LICENSE.redirectUri,
    signature,
    ...overrides,
  };
  return { issued, fields, answer: await submit(fields) };
}

beforeEach(async () => {
  await suite.control.reset();
});

describe("generate_challenge", () => {
  it("issues a state and the EIP-4361 challenge, line for line", async () => {
    const before = Date.now();
    const { state, challenge: text } = await challenge();
    expect(state).toMatch(/^[a-z2-7]{25}$/);
    const lines = text.split("\n");
    const host = new URL(suite.url).host;
    expect(lines.slice(0, 8)).toEqual([
      `${host} wants you to sign in with your Ethereum account:`,
      DEMO_LICENSE.clientId,
      "",
      "localhost is asking you sign in.",
      "",
      `URI: ${suite.url}/auth`,
      "Version: 1",
      "Chain ID: 1",
    ]);
    expect(lines[8]).toMatch(/^Nonce: [0-9A-Za-z]{30}$/);
    expect(lines[9]).toMatch(/^Issued At: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(lines).toHaveLength(10);
    const issuedAt = Date.parse((lines[9] ?? "").slice("Issued At: ".length));
    expect(issuedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(issuedAt).toBeLessThanOrEqual(Date.now());
  });

  it("gives a new state and nonce each time", async () => {
    const a = await challenge();
    const b = await challenge();
    expect(a.state).not.toBe(b.state);
    expect(a.challenge.split("\n")[8]).not.toBe(b.challenge.split("\n")[8]);
  });

  it("accepts the parameters as a form body, the scopes in any order and addresses in any case", async () => {
    const answer = await request(`${suite.url}/auth/auth/web3/generate_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...VALID,
        client_id: DEMO_LICENSE.clientId.toLowerCase(),
        address: DEMO_LICENSE.clientId.toUpperCase().replace("0X", "0x"),
        scope: "email openid",
      }),
    });
    expect(answer.status).toBe(200);
    // The challenge names the license by its checksummed address whatever the case it was asked in.
    expect((answer.body as { challenge: string }).challenge.split("\n")[1]).toBe(DEMO_LICENSE.clientId);
  });

  it("answers 404 for a client id that is not a license", async () => {
    for (const clientId of ["0x1111111111111111111111111111111111111111", "not-an-address", ""]) {
      const answer = await generate({ client_id: clientId, address: clientId });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ status: 404, message: "Invalid client_id." });
    }
  });

  it("refuses a domain that is not one of the license's redirect URIs, exactly", async () => {
    for (const domain of [
      "http://localhost:3001",
      "http://localhost:3000//",
      "http://localhost:3000/app",
      "https://evil.example",
      "",
    ]) {
      const answer = await generate({ domain });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 400, message: "Unregistered redirect_uri." });
    }
  });

  it("refuses any scope but exactly openid and email", async () => {
    for (const scope of ["openid", "openid email profile", "openid  email", "openid openid", ""]) {
      const answer = await generate({ scope });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 400, message: "Invalid scope." });
    }
  });

  it("refuses a response_type other than code", async () => {
    const answer = await generate({ response_type: "token" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message: "Invalid response_type." });
  });

  it("refuses an address that is malformed or not the client id", async () => {
    for (const address of ["0x1234", DEMO_LICENSE.apiKeySigner, ""]) {
      const answer = await generate({ address });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 400, message: "Invalid Ethereum address." });
    }
  });
});

describe("submit_challenge", () => {
  it("issues a Developer JWT with exactly the contract's claims, signed with a published key", async () => {
    const { answer } = await signedSubmission();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = answer.body as { access_token: string; token_type: string; expires_in: number; id_token: string };
    expect(body.token_type).toBe("bearer");
    expect(body.expires_in).toBeGreaterThanOrEqual(14 * 24 * 3600 - 2);
    expect(body.expires_in).toBeLessThanOrEqual(14 * 24 * 3600);
    expect(typeof body.id_token).toBe("string");

    const header = decodeProtectedHeader(body.access_token);
    expect(header.alg).toBe("RS256");
    expect(header.kid).toMatch(/^[0-9a-f]{40}$/);
    const keys = (await request(`${suite.url}/auth/keys`)).body as Parameters<typeof createLocalJWKSet>[0];
    const { payload } = await jwtVerify(body.access_token, createLocalJWKSet(keys));
    expect(Object.keys(payload).sort()).toEqual(
      ["aud", "email_verified", "ethereum_address", "exp", "iat", "iss", "provider_id", "sub"].sort(),
    );
    expect(payload.iss).toBe(`${suite.url}/auth`);
    expect(payload.aud).toBe(DEMO_LICENSE.clientId);
    expect(typeof payload.sub).toBe("string");
    expect(payload.sub).not.toBe("");
    expect(payload.provider_id).toBe("web3");
    expect(payload.ethereum_address).toBe(DEMO_LICENSE.clientId);
    expect(payload.email_verified).toBe(false);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(14 * 24 * 3600);
    const { payload: idClaims } = await jwtVerify(body.id_token, createLocalJWKSet(keys));
    expect(idClaims).toEqual(payload);
  });

  it("publishes its key set as a JWKS", async () => {
    const answer = await request(`${suite.url}/auth/keys`);
    expect(answer.status).toBe(200);
    const { keys } = answer.body as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
    expect(keys[0]?.kid).toMatch(/^[0-9a-f]{40}$/);
  });

  it("accepts a signature by the license address itself", async () => {
    // The other license's address has a known key (the demo license's is a contract address, without one).
    const licenseKey = deterministicWallet("other license contract");
    expect(licenseKey.address).toBe(OTHER_LICENSE.clientId);
    const issued = await generate({
      client_id: OTHER_LICENSE.clientId,
      address: OTHER_LICENSE.clientId,
      domain: OTHER_LICENSE.redirectUri,
    });
    const { state, challenge: text } = issued.body as { state: string; challenge: string };
    const answer = await submit({
      client_id: OTHER_LICENSE.clientId,
      state,
      grant_type: "authorization_code",
      domain: OTHER_LICENSE.redirectUri,
      signature: await privateKeyToAccount(licenseKey.privateKey).signMessage({ message: text }),
    });
    expect(answer.status).toBe(200);
  });

  it("accepts the signature without its 0x prefix", async () => {
    const issued = await challenge();
    const signature = await privateKeyToAccount(DEMO_LICENSE.apiKey).signMessage({ message: issued.challenge });
    const answer = await submit({
      client_id: DEMO_LICENSE.clientId,
      state: issued.state,
      grant_type: "authorization_code",
      domain: DEMO_LICENSE.redirectUri,
      signature: signature.slice(2),
    });
    expect(answer.status).toBe(200);
  });

  it("refuses an unknown state", async () => {
    const { answer } = await signedSubmission({ state: "abcdefghijklmnopqrstuvwxy" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message: "Requested resource does not exist." });
  });

  it("refuses a state older than 10 minutes by the sandbox clock", async () => {
    const issued = await challenge();
    const signature = await privateKeyToAccount(DEMO_LICENSE.apiKey).signMessage({ message: issued.challenge });
    await suite.control.advanceClock(601);
    const answer = await submit({
      client_id: DEMO_LICENSE.clientId,
      state: issued.state,
      grant_type: "authorization_code",
      domain: DEMO_LICENSE.redirectUri,
      signature,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message: "Requested resource does not exist." });
  });

  it("refuses a state that was already used", async () => {
    const { fields, answer } = await signedSubmission();
    expect(answer.status).toBe(200);
    const again = await submit(fields);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: 400, message: "Requested resource does not exist." });
  });

  it("refuses a signature by a key that is not a signer, and the state stays usable", async () => {
    const { issued, fields, answer } = await signedSubmission({}, DEMO_OWNER.privateKey);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message: "Could not verify signature." });
    const signature = await privateKeyToAccount(DEMO_LICENSE.apiKey).signMessage({ message: issued.challenge });
    const retry = await submit({ ...fields, signature });
    expect(retry.status).toBe(200);
  });

  it("refuses malformed signatures", async () => {
    for (const signature of ["", "0x1234", `0x${"zz".repeat(65)}`, `0x${"ab".repeat(64)}`, `0x${"00".repeat(65)}`]) {
      const { answer } = await signedSubmission({ signature });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 400, message: "Could not verify signature." });
    }
  });

  it("refuses a wrong or missing grant_type", async () => {
    for (const grantType of ["password", ""]) {
      const { answer } = await signedSubmission({ grant_type: grantType });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: "unsupported_grant_type" });
    }
  });

  it("refuses a domain that differs from step 1", async () => {
    const { answer } = await signedSubmission({ domain: "http://localhost:3001" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "invalid_request",
      error_description: "redirect_uri did not match URI from initial request.",
    });
  });

  it("refuses a client id that differs from step 1 or is unknown", async () => {
    for (const clientId of [OTHER_LICENSE.clientId, "0x1111111111111111111111111111111111111111", "junk"]) {
      const { answer } = await signedSubmission({ client_id: clientId });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: "invalid_client", error_description: "Invalid client credentials." });
    }
  });
});
