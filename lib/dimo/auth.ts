import "server-only";
import { privateKeyToAccount } from "viem/accounts";
import { type AppConfig } from "@/lib/config";
import { checkChallenge } from "./challenge-check";
import { isDimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import { challengeSchema, tokenResponseSchema } from "./schemas/auth";

/**
 * The challenge flow that turns the license's API key into a Developer JWT: ask for a challenge, check that it is
 * DIMO's sign-in message for this license (challenge-check.ts), sign it with the key (EIP-191), submit the signature.
 */

export const CHALLENGE_PATH = "/auth/web3/generate_challenge";
const SUBMIT_PATH = "/auth/web3/submit_challenge";

type License = AppConfig["license"];

const common = (authUrl: string) =>
  ({ service: "auth", baseUrl: authUrl, tokenKind: "developer", cache: "miss" }) as const;

async function requestChallenge(http: HttpSettings, license: License, authUrl: string) {
  const response = await dimoFetch(http, {
    ...common(authUrl),
    method: "POST",
    path: CHALLENGE_PATH,
    query: {
      client_id: license.clientId,
      domain: license.domain,
      scope: "openid email",
      response_type: "code",
      address: license.clientId,
    },
    retry: "idempotent",
  });
  return parseResponse(challengeSchema, response.body, "auth", "challenge");
}

async function submitChallenge(
  http: HttpSettings,
  license: License,
  authUrl: string,
  state: string,
  signature: string,
) {
  const response = await dimoFetch(http, {
    ...common(authUrl),
    method: "POST",
    path: SUBMIT_PATH,
    body: {
      form: { client_id: license.clientId, state, grant_type: "authorization_code", domain: license.domain, signature },
    },
    // The state is single-use once a token was issued for it: a blind re-send could only fail.
    retry: "at-most-once",
  });
  return parseResponse(tokenResponseSchema, response.body, "auth", "token response").access_token;
}

/**
 * Gets a new Developer JWT. When the submit fails in a way worth retrying (503, timeout), the flow runs once more
 * with a fresh challenge rather than re-sending a state that may already be used.
 */
export async function fetchDeveloperJwt(
  http: HttpSettings,
  license: License,
  authUrl: string,
  now = Date.now,
): Promise<string> {
  for (let round = 1; ; round += 1) {
    const { state, challenge } = await requestChallenge(http, license, authUrl);
    checkChallenge(challenge, { clientId: license.clientId, domain: license.domain, authUrl, now: now() });
    const signature = await privateKeyToAccount(license.apiKey).signMessage({ message: challenge });
    try {
      return await submitChallenge(http, license, authUrl, state, signature);
    } catch (error) {
      if (round >= 2 || !isDimoError(error) || !error.retryable) throw error;
    }
  }
}
