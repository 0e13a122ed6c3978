import { Hono } from "hono";
import { isPrivilegeId, type PrivilegeId, privilegeInfo, VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { type SandboxContext, VEHICLE_JWT_AUDIENCE } from "../../context";
import { jwksOf } from "../../keys/signing-keys";
import { InvalidTokenError, signJwt } from "../../keys/tokens";
import { bearerToken, readJsonBody, serviceBaseUrl } from "../../http/requests";
import { codeMessage } from "../../http/responses";
import { exchangeRequestSchema, goList, requestedCloudEvents } from "./exchange-request";

export const TOKEN_EXCHANGE_PREFIX = "/token-exchange";
const VEHICLE_JWT_LIFETIME_SECONDS = 600;

/** The token exchange: a Developer JWT and a grant in, a short-lived Vehicle JWT out. */
export function tokenExchangeRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get("/keys", (c) => c.json(jwksOf(ctx.keys.tokenExchange)));

  app.post("/v1/tokens/exchange", async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) return c.text("missing or malformed JWT", 400);
    let claims;
    try {
      claims = await ctx.developerTokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return c.text("Invalid or expired JWT", 401);
      throw error;
    }
    const address = typeof claims.ethereum_address === "string" ? claims.ethereum_address : String(claims.aud ?? "");
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const license = await ctx.licenses.findByClientId(address);
    if (!license || !audiences.some((aud) => aud?.toLowerCase() === address.toLowerCase())) {
      return codeMessage(c, 403, `not a dev license: ${address}`);
    }

    const body = await readJsonBody(c);
    const parsed = body.ok ? exchangeRequestSchema.safeParse(body.value) : undefined;
    if (!parsed?.success) return codeMessage(c, 400, "Couldn't parse request body.");
    const request = parsed.data;
    if (request.nftContractAddress.toLowerCase() !== VEHICLE_NFT_CONTRACT.toLowerCase()) {
      return codeMessage(c, 400, `Invalid NFT contract address "${request.nftContractAddress}".`);
    }
    const cloudEvents = requestedCloudEvents(request);
    if ("error" in cloudEvents) return codeMessage(c, 400, cloudEvents.error);
    if (request.privileges.length === 0 && cloudEvents.filters.length === 0) {
      return codeMessage(c, 400, "Please provide at least one privilege or cloudevent");
    }
    const unknown = request.privileges.filter((id) => !isPrivilegeId(id));
    if (unknown.length > 0) return codeMessage(c, 400, `unknown privileges ${goList(unknown)}`);

    const requested = [...new Set(request.privileges.filter(isPrivilegeId))].sort((a, b) => a - b);
    const grant = ctx.vehicles.grant(request.tokenId, license.clientId);
    const live = grant !== undefined && grant.expiresAt > ctx.clock.nowMs();
    const granted: PrivilegeId[] = live ? grant.privileges : [];
    const missing = requested.filter((id) => !granted.includes(id));
    if (missing.length > 0) {
      return codeMessage(
        c,
        403,
        `Address ${license.clientId} lacks permissions ${goList(missing)} for asset ${vehicleDid(request.tokenId)}.`,
      );
    }
    // The sandbox's grants carry no per-event terms: a live share of the vehicle grants any of its cloud events.
    if (cloudEvents.filters.length > 0 && !live) {
      return codeMessage(
        c,
        403,
        `Address ${license.clientId} lacks access to cloud events for asset ${vehicleDid(request.tokenId)}.`,
      );
    }

    const iat = ctx.clock.nowSeconds();
    const vehicleToken = await signJwt(ctx.keys.tokenExchange, {
      iss: serviceBaseUrl(c, TOKEN_EXCHANGE_PREFIX),
      sub: license.clientId,
      aud: [VEHICLE_JWT_AUDIENCE],
      iat,
      exp: iat + VEHICLE_JWT_LIFETIME_SECONDS,
      token_id: String(request.tokenId),
      contract_address: VEHICLE_NFT_CONTRACT.toLowerCase(),
      privilege_ids: requested,
      asset: vehicleDid(request.tokenId),
      permissions: requested.map((id) => privilegeInfo(id).permission),
      ...(cloudEvents.filters.length > 0 ? { cloud_events: { events: cloudEvents.filters } } : {}),
    });
    return c.json({ token: vehicleToken });
  });

  return app;
}
