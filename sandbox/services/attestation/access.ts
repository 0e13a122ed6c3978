import { type Context } from "hono";
import { type JWTPayload } from "jose";
import { getAddress } from "viem";
import { privilegeInfo, type PrivilegeId, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { codeMessage, plainText } from "../../http/responses";
import { InvalidTokenError } from "../../keys/tokens";

/**
 * The attestation service's two middlewares, in its order and words. First the JWT middleware (gofiber's contrib
 * jwt with its default error handler: text/plain, 400 for a missing or malformed header, 401 for a token that does
 * not verify); then server-garage's AllOfPermissions, which reads the token's `asset` DID and `permissions` and
 * answers every refusal as a 401 JSON `{message, code}`, including a missing privilege.
 */
export type AttestationAccess = { ok: true; claims: JWTPayload } | { ok: false; response: Response };

const ASSET_DID = /^did:erc721:\d+:(0x[0-9a-fA-F]{40}):(\d+)$/;

/** `Bearer <token>` with the scheme in any case and something after it, as the middleware's extractor takes it. */
function extractToken(header: string | undefined): string | null {
  if (!header || header.length <= "Bearer ".length + 1) return null;
  if (header.slice(0, "Bearer ".length).toLowerCase() !== "bearer ") return null;
  return header.slice("Bearer ".length).trim();
}

export async function checkAttestationAccess(
  c: Context,
  ctx: SandboxContext,
  privileges: readonly PrivilegeId[],
): Promise<AttestationAccess> {
  const refuse = (message: string): AttestationAccess => ({ ok: false, response: codeMessage(c, 401, message) });
  const token = extractToken(c.req.header("authorization"));
  if (!token) return { ok: false, response: plainText(400, "missing or malformed JWT") };
  let claims: JWTPayload;
  try {
    claims = await ctx.vehicleTokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return { ok: false, response: plainText(401, "Invalid or expired JWT") };
    throw error;
  }

  const pathTokenId = c.req.param("tokenId") ?? "";
  if (!/^[+-]?[0-9]+$/.test(pathTokenId)) return refuse("Unauthorized! invalid token ID");
  const asset = typeof claims.asset === "string" ? ASSET_DID.exec(claims.asset) : null;
  if (!asset) return refuse("Unauthorized! invalid asset");
  const [, contract = "", assetTokenId = ""] = asset;
  if (BigInt(assetTokenId) !== BigInt(pathTokenId)) return refuse("Unauthorized! mismatch token Id provided");
  if (contract.toLowerCase() !== VEHICLE_NFT_CONTRACT.toLowerCase()) {
    return refuse(`Provided token is for the wrong contract: ${getAddress(contract)}`);
  }
  const held = Array.isArray(claims.permissions) ? claims.permissions : [];
  if (!privileges.every((id) => held.includes(privilegeInfo(id).permission))) {
    return refuse("Unauthorized! Token does not contain required privileges");
  }
  return { ok: true, claims };
}
