import { type Context } from "hono";
import { type JWTPayload } from "jose";
import { type PrivilegeId, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { type SandboxContext } from "../context";
import { InvalidTokenError } from "../keys/tokens";
import { bearerToken, parseTokenIdParam, type TokenIdParam } from "../http/requests";
import { codeMessage, plainText } from "../http/responses";

/** The messages a data service answers with; they differ slightly between trips and valuations. */
export interface AccessMessages {
  invalidToken: string;
  badTokenId: string;
}

/** How a service's errors are written: JSON `{code, message}`, or the message alone as text/plain. */
export type ErrorStyle = "json" | "text";

/** An error answer in a service's style. */
export function serviceError(c: Context, style: ErrorStyle, status: 400 | 401 | 403, message: string): Response {
  return style === "text" ? plainText(status, message) : codeMessage(c, status, message);
}

export type VehicleAccess = { ok: true; tokenId: TokenIdParam; claims: JWTPayload } | { ok: false; response: Response };

/**
 * The data services' checks on a Vehicle JWT, in the order the real services run them: a valid token (signature,
 * audience, expiry by the sandbox clock), a parseable token id, the token for this very vehicle on the vehicle NFT
 * contract, and the privileges (`all` of them, or `oneOf`).
 */
export async function checkVehicleAccess(
  c: Context,
  ctx: SandboxContext,
  required: { privileges: readonly PrivilegeId[]; mode: "all" | "oneOf" },
  messages: AccessMessages,
  style: ErrorStyle = "json",
): Promise<VehicleAccess> {
  const fail = (status: 400 | 401, message: string): VehicleAccess => ({
    ok: false,
    response: serviceError(c, style, status, message),
  });
  const token = bearerToken(c.req.header("authorization"));
  if (!token) return fail(401, messages.invalidToken);
  let claims: JWTPayload;
  try {
    claims = await ctx.vehicleTokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return fail(401, messages.invalidToken);
    throw error;
  }

  const tokenId = parseTokenIdParam(c.req.param("tokenId"));
  if (!tokenId) return fail(400, messages.badTokenId);
  if (claims.token_id !== tokenId.text) return fail(401, "Unauthorized! Wrong device token provided");
  const contract = typeof claims.contract_address === "string" ? claims.contract_address : "";
  if (contract.toLowerCase() !== VEHICLE_NFT_CONTRACT.toLowerCase()) {
    return fail(401, `Provided token is for the wrong contract: ${contract}`);
  }
  const held = Array.isArray(claims.privilege_ids) ? claims.privilege_ids : [];
  const holds = (id: PrivilegeId) => held.includes(id);
  const allowed = required.mode === "all" ? required.privileges.every(holds) : required.privileges.some(holds);
  if (!allowed) return fail(401, "Unauthorized! Token does not contain required privileges");
  return { ok: true, tokenId, claims };
}
