import { type Context, Hono } from "hono";
import { recoverMessageAddress } from "viem";
import { type SandboxContext } from "../../context";
import { jwksOf } from "../../keys/signing-keys";
import { readFormBody, serviceBaseUrl } from "../../http/requests";
import { htmlErrorPage, statusMessage } from "../../http/responses";
import { CHALLENGE_LIFETIME_MS, challengeMessage, newNonce, newState } from "./challenge";
import { issueDeveloperJwt } from "./developer-jwt";

export const AUTH_PREFIX = "/auth";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^(?:0x)?[0-9a-fA-F]{130}$/;

/** Recovers the EIP-191 signer of `message`; null when the signature cannot be used. */
async function recoverSigner(message: string, signature: string): Promise<`0x${string}` | null> {
  if (!SIGNATURE.test(signature)) return null;
  const hex = (signature.startsWith("0x") ? signature : `0x${signature}`) as `0x${string}`;
  try {
    return (await recoverMessageAddress({ message, signature: hex })).toLowerCase() as `0x${string}`;
  } catch {
    return null;
  }
}

/**
 * The authentication service: challenge, signed submission, Developer JWT, key set. In the realistic profile, an
 * unknown client id and an unregistered redirect URI at the challenge are the HTML error pages the real service
 * shows (it treats them as errors for a person, not for the client); every other error is JSON in both profiles.
 */
export function authRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const shownError = (c: Context, status: 400 | 404, message: string) =>
    ctx.settings.profile === "realistic"
      ? htmlErrorPage(status, status === 404 ? "Not Found" : "Bad Request", message)
      : statusMessage(c, status, message);

  app.get("/keys", (c) => c.json(jwksOf(ctx.keys.auth)));

  app.post("/auth/web3/generate_challenge", async (c) => {
    // Parameters travel in the query string; a form body is accepted too (the query wins).
    const form = await readFormBody(c);
    const param = (name: string) => c.req.query(name) ?? form.get(name) ?? "";

    const clientId = param("client_id");
    const license = ADDRESS.test(clientId) ? await ctx.licenses.findByClientId(clientId) : undefined;
    if (!license) return shownError(c, 404, "Invalid client_id.");
    // Compared as strings, exactly as the real service does: a trailing "/" makes another URI.
    const domain = param("domain");
    if (!license.redirectUris.some((r) => r.uri === domain)) return shownError(c, 400, "Unregistered redirect_uri.");
    const scopes = param("scope").split(" ");
    if (scopes.length !== 2 || !scopes.includes("openid") || !scopes.includes("email")) {
      return statusMessage(c, 400, "Invalid scope.");
    }
    if (param("response_type") !== "code") return statusMessage(c, 400, "Invalid response_type.");
    const address = param("address");
    if (!ADDRESS.test(address) || address.toLowerCase() !== clientId.toLowerCase()) {
      return statusMessage(c, 400, "Invalid Ethereum address.");
    }

    const issuedAtMs = ctx.clock.nowMs();
    const state = newState();
    const message = challengeMessage({
      authBaseUrl: serviceBaseUrl(c, AUTH_PREFIX),
      clientId: license.clientId,
      domain,
      nonce: newNonce(),
      issuedAtMs,
    });
    ctx.challenges.insert({ state, clientId: license.clientId, domain, message, issuedAt: issuedAtMs });
    return c.json({ state, challenge: message });
  });

  app.post("/auth/web3/submit_challenge", async (c) => {
    const form = await readFormBody(c);
    const field = (name: string) => form.get(name) ?? "";

    if (field("grant_type") !== "authorization_code") return c.json({ error: "unsupported_grant_type" }, 400);
    const nowMs = ctx.clock.nowMs();
    const challenge = ctx.challenges.get(field("state"));
    if (!challenge || challenge.usedAt !== null || nowMs - challenge.issuedAt > CHALLENGE_LIFETIME_MS) {
      return statusMessage(c, 400, "Requested resource does not exist.");
    }
    const clientId = field("client_id");
    const license = ADDRESS.test(clientId) ? await ctx.licenses.findByClientId(clientId) : undefined;
    if (!license || clientId.toLowerCase() !== challenge.clientId) {
      return c.json({ error: "invalid_client", error_description: "Invalid client credentials." }, 401);
    }
    if (field("domain") !== challenge.domain) {
      return c.json(
        { error: "invalid_request", error_description: "redirect_uri did not match URI from initial request." },
        400,
      );
    }
    const signer = await recoverSigner(challenge.message, field("signature"));
    // As DIMO's auth: the client id's own signature, or else (its ERC-1271 check through the license account) a
    // signer the license contract's isSigner accepts now.
    const verified =
      signer !== null &&
      (signer === license.clientId.toLowerCase() || (await ctx.licenses.isSigner(license.tokenId, signer)));
    if (!verified) return statusMessage(c, 400, "Could not verify signature.");
    if (!ctx.challenges.markUsed(challenge.state, nowMs)) {
      return statusMessage(c, 400, "Requested resource does not exist.");
    }

    const { token, exp } = await issueDeveloperJwt(ctx, serviceBaseUrl(c, AUTH_PREFIX), license.clientId);
    c.header("Cache-Control", "no-store");
    return c.json({
      access_token: token,
      token_type: "bearer",
      expires_in: exp - ctx.clock.nowSeconds(),
      id_token: token,
    });
  });

  return app;
}
