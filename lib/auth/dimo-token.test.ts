import { generateKeyPairSync } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import { describe, expect, it } from "vitest";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS } from "@/lib/demo-license";
import { setUpSandbox } from "@/test-support/sandbox";
import { type DimoTokenFailure, DimoTokenError, verifyDimoToken } from "./dimo-token";

/** The User JWT check against a real sandbox's published keys (RS256 over HTTP), with tokens made to fail one way each. */

const suite = setUpSandbox();
const OWNER = DEMO_LOGIN_ACCOUNTS.owner;
const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: `${suite.url}/auth`,
    aud: DEMO_LICENSE.clientId,
    sub: "user",
    ethereum_address: OWNER.address,
    email: OWNER.email,
    iat: now(),
    exp: now() + 14 * 86_400,
    ...overrides,
  };
}

const verify = (token: string) =>
  verifyDimoToken(token, { authUrl: `${suite.url}/auth`, clientId: DEMO_LICENSE.clientId });

async function failure(token: string): Promise<DimoTokenFailure> {
  try {
    await verify(token);
  } catch (error) {
    if (error instanceof DimoTokenError) return error.code;
    throw error;
  }
  throw new Error("the token was accepted");
}

describe("verifyDimoToken", () => {
  it("accepts a token signed with the auth service's key, and takes the account and email from it", async () => {
    const token = await suite.signWithSandboxKey("auth", claims());
    expect(await verify(token)).toMatchObject({ address: OWNER.address.toLowerCase(), email: OWNER.email });
  });

  it("compares the audience without regard to case and takes it from a list", async () => {
    const token = await suite.signWithSandboxKey(
      "auth",
      claims({ aud: ["someone-else", DEMO_LICENSE.clientId.toLowerCase()] }),
    );
    expect((await verify(token)).address).toBe(OWNER.address.toLowerCase());
  });

  it("refuses a token signed with another key, even under the service's key id", async () => {
    const genuine = await suite.signWithSandboxKey("auth", claims());
    const kid = JSON.parse(Buffer.from(genuine.split(".")[0] ?? "", "base64url").toString()).kid as string;
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    for (const header of [{ alg: "RS256", kid }, { alg: "RS256", kid: "f".repeat(40) }, { alg: "RS256" }]) {
      const forged = await new SignJWT(claims()).setProtectedHeader(header).sign(privateKey);
      expect(await failure(forged)).toBe("DIMO_TOKEN_INVALID");
    }
  });

  it("refuses a token for another client id", async () => {
    expect(
      await failure(
        await suite.signWithSandboxKey("auth", claims({ aud: "0x1111111111111111111111111111111111111111" })),
      ),
    ).toBe("DIMO_WRONG_CLIENT");
  });

  it("refuses an expired token", async () => {
    const token = await suite.signWithSandboxKey("auth", claims({ iat: now() - 15 * 86_400, exp: now() - 3600 }));
    expect(await failure(token)).toBe("DIMO_TOKEN_EXPIRED");
  });

  it("refuses another issuer, a token without an account, and one without an expiry", async () => {
    expect(await failure(await suite.signWithSandboxKey("auth", claims({ iss: "https://auth.example.com" })))).toBe(
      "DIMO_TOKEN_INVALID",
    );
    expect(await failure(await suite.signWithSandboxKey("auth", claims({ ethereum_address: "nobody" })))).toBe(
      "DIMO_TOKEN_INVALID",
    );
    const { exp: _, ...noExpiry } = claims();
    expect(await failure(await suite.signWithSandboxKey("auth", noExpiry))).toBe("DIMO_TOKEN_INVALID");
  });

  it("refuses a token of the token-exchange service (same format, another key) and garbage", async () => {
    expect(await failure(await suite.signWithSandboxKey("token-exchange", claims()))).toBe("DIMO_TOKEN_INVALID");
    expect(await failure("not.a.token")).toBe("DIMO_TOKEN_INVALID");
    expect(await failure("")).toBe("DIMO_TOKEN_INVALID");
  });

  it("reads a token of up to 8,192 characters and refuses a longer one unread", async () => {
    const refusal = (token: string) =>
      verify(token).then(
        () => "accepted",
        (error: unknown) => (error instanceof DimoTokenError ? error.message : String(error)),
      );
    // Past the limit the token is refused before it is decoded; at the limit it is decoded (and found malformed).
    expect(await refusal("x".repeat(8_193))).toBe("No usable token.");
    expect(await refusal("x".repeat(8_192))).not.toBe("No usable token.");
  });

  it("refuses a Developer JWT from the sandbox's challenge flow: it names the license, not a person", async () => {
    expect(await failure(await suite.developerJwt())).toBe("DIMO_TOKEN_INVALID");
    // The same claims naming a person's account are a User JWT.
    const developer = await suite.developerJwt();
    const claimsOf = JSON.parse(Buffer.from(developer.split(".")[1] ?? "", "base64url").toString()) as JWTPayload;
    const person = await suite.signWithSandboxKey("auth", { ...claimsOf, ethereum_address: OWNER.address });
    expect((await verify(person)).address).toBe(OWNER.address.toLowerCase());
  });

  it("accepts a token issued a few minutes ago and refuses one issued earlier, however long it has left", async () => {
    expect((await verify(await suite.signWithSandboxKey("auth", claims({ iat: now() - 3 * 60 })))).address).toBe(
      OWNER.address.toLowerCase(),
    );
    expect(await failure(await suite.signWithSandboxKey("auth", claims({ iat: now() - 10 * 60 })))).toBe(
      "DIMO_TOKEN_EXPIRED",
    );
    expect(await failure(await suite.signWithSandboxKey("auth", claims({ iat: now() - 13 * 86_400 })))).toBe(
      "DIMO_TOKEN_EXPIRED",
    );
  });

  it("refuses a token without an issue time, and one issued in the future", async () => {
    const { iat: _, ...noIssueTime } = claims();
    expect(await failure(await suite.signWithSandboxKey("auth", noIssueTime))).toBe("DIMO_TOKEN_INVALID");
    expect(await failure(await suite.signWithSandboxKey("auth", claims({ iat: now() + 10 * 60 })))).toBe(
      "DIMO_TOKEN_INVALID",
    );
  });

  it("says until when the token could be presented: 5 minutes after its issue, or its expiry if sooner", async () => {
    // Both ends with the minute of clock skew the check allows.
    const iat = now() - 60;
    const verified = await verify(await suite.signWithSandboxKey("auth", claims({ iat })));
    expect(verified.usableUntilMs).toBe((iat + 5 * 60 + 60) * 1000);
    const exp = now() + 60;
    const soon = await verify(await suite.signWithSandboxKey("auth", claims({ iat, exp })));
    expect(soon.usableUntilMs).toBe((exp + 60) * 1000);
  });

  it("leaves out an email that is not one", async () => {
    const token = await suite.signWithSandboxKey("auth", claims({ email: "<script>" }));
    expect((await verify(token)).email).toBeUndefined();
  });

  it("says DIMO is unavailable when its keys cannot be read, not that the token is bad", async () => {
    const token = await suite.signWithSandboxKey("auth", claims({ iss: "http://127.0.0.1:9/auth" }));
    await expect(
      verifyDimoToken(token, { authUrl: "http://127.0.0.1:9/auth", clientId: DEMO_LICENSE.clientId }),
    ).rejects.toMatchObject({
      code: "DIMO_UNAVAILABLE",
    });
  });
});
