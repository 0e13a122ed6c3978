import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { CookieJar } from "./cookies";

/**
 * Signs in to a dashboard over plain HTTP, the way the browser does: next-auth's CSRF cookie and token, a nonce
 * from the dashboard, an EIP-4361 message for its host signed with the wallet's key, and the credentials callback.
 * Returns the jar holding the session cookie. `clientAddress` (sent as X-Forwarded-For, as the one proxy a dashboard
 * started with BEHIND_ONE_PROXY trusts would) makes each simulated developer a client of its own for the sign-in
 * rate limits.
 */

export const SESSION_COOKIE = "next-auth.session-token";
const MESSAGE_LIFETIME_MS = 5 * 60_000;

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  return JSON.parse(text) as T;
}

const forwardedFor = (clientAddress?: string): Record<string, string> =>
  clientAddress ? { "x-forwarded-for": clientAddress } : {};

/** A sign-in nonce from the dashboard, for `clientAddress` when given. */
export async function fetchNonce(baseUrl: string, clientAddress?: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sign-in/nonce`, { headers: forwardedFor(clientAddress) });
  return (await json<{ nonce: string }>(response, "GET /api/sign-in/nonce")).nonce;
}

export async function signIn(baseUrl: string, privateKey: `0x${string}`, clientAddress?: string): Promise<CookieJar> {
  return signInWithNonce(baseUrl, privateKey, await fetchNonce(baseUrl, clientAddress), clientAddress);
}

/** Signs in with a nonce fetched earlier. */
export async function signInWithNonce(
  baseUrl: string,
  privateKey: `0x${string}`,
  nonce: string,
  clientAddress?: string,
): Promise<CookieJar> {
  const jar = new CookieJar();
  const client = forwardedFor(clientAddress);
  const origin = new URL(baseUrl);

  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`);
  jar.store(csrfResponse.headers.getSetCookie());
  const { csrfToken } = await json<{ csrfToken: string }>(csrfResponse, "GET /api/auth/csrf");

  const account = privateKeyToAccount(privateKey);
  const issuedAt = new Date();
  const message = createSiweMessage({
    domain: origin.host,
    uri: origin.origin,
    address: account.address,
    chainId: 1,
    nonce,
    version: "1",
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
    statement: "Sign in to the DIMO Developer Dashboard (benchmark).",
  });
  const signature = await account.signMessage({ message });

  const callback = await fetch(`${baseUrl}/api/auth/callback/siwe`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), ...client },
    body: new URLSearchParams({ csrfToken, message, signature, json: "true", callbackUrl: baseUrl }),
  });
  jar.store(callback.headers.getSetCookie());
  const body = await callback.text();
  if (!jar.has(SESSION_COOKIE)) {
    // next-auth names the refusal in its answer (an error code, never a secret).
    const code = /error=([A-Za-z_]+)/.exec(body)?.[1] ?? `status ${callback.status}`;
    throw new Error(`Sign-in to ${baseUrl} was refused: ${code}`);
  }
  return jar;
}
