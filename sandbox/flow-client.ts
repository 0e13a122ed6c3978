import { privateKeyToAccount } from "viem/accounts";
import { VEHICLE_NFT_CONTRACT, type PrivilegeId } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";

/**
 * The DIMO sign-in flow and token exchange against a sandbox, in a few lines: for the sandbox's own tests and its
 * benchmark, which need real tokens without the dashboard's client. Throws on any non-2xx answer.
 */

export interface LicenseCredentials {
  clientId: string;
  domain: string;
  apiKey: `0x${string}`;
}

export const DEMO_CREDENTIALS: LicenseCredentials = {
  clientId: DEMO_LICENSE.clientId,
  domain: DEMO_LICENSE.redirectUri,
  apiKey: DEMO_LICENSE.apiKey,
};

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed (${response.status}): ${text}`);
  return JSON.parse(text) as unknown;
}

/** Steps 1 to 3 of the sign-in: returns the Developer JWT. */
export async function getDeveloperJwt(
  baseUrl: string,
  license: LicenseCredentials = DEMO_CREDENTIALS,
): Promise<string> {
  const query = new URLSearchParams({
    client_id: license.clientId,
    domain: license.domain,
    scope: "openid email",
    response_type: "code",
    address: license.clientId,
  });
  const challenge = (await expectOk(
    await fetch(`${baseUrl}/auth/auth/web3/generate_challenge?${query}`, { method: "POST" }),
    "generate_challenge",
  )) as { state: string; challenge: string };
  const signature = await privateKeyToAccount(license.apiKey).signMessage({ message: challenge.challenge });
  const submitted = (await expectOk(
    await fetch(`${baseUrl}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: license.clientId,
        state: challenge.state,
        grant_type: "authorization_code",
        domain: license.domain,
        signature,
      }),
    }),
    "submit_challenge",
  )) as { access_token: string };
  return submitted.access_token;
}

/** Exchanges a Developer JWT for a Vehicle JWT with the given privileges. */
export async function getVehicleJwt(
  baseUrl: string,
  developerJwt: string,
  tokenId: number,
  privileges: readonly PrivilegeId[],
): Promise<string> {
  const body = (await expectOk(
    await fetch(`${baseUrl}/token-exchange/v1/tokens/exchange`, {
      method: "POST",
      headers: { authorization: `Bearer ${developerJwt}`, "content-type": "application/json" },
      body: JSON.stringify({ nftContractAddress: VEHICLE_NFT_CONTRACT, privileges, tokenId }),
    }),
    "token exchange",
  )) as { token: string };
  return body.token;
}
