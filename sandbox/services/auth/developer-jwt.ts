import { type SandboxContext } from "../../context";
import { signJwt } from "../../keys/tokens";

const DEVELOPER_JWT_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

/**
 * The opaque `sub`: like the real service's, the base64url of a small protobuf message naming the user (the
 * license address) and the connector ("web3").
 */
function developerSubject(clientId: string): string {
  const field = (tag: number, text: string) => {
    const bytes = Buffer.from(text, "utf8");
    return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
  };
  return Buffer.concat([field(0x0a, clientId), field(0x12, "web3")]).toString("base64url");
}

/** Issues a Developer JWT for a license (checksummed client id) with the claims of API-CONTRACT.md section 2. */
export async function issueDeveloperJwt(
  ctx: SandboxContext,
  issuer: string,
  clientId: `0x${string}`,
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = ctx.clock.nowSeconds();
  const exp = iat + DEVELOPER_JWT_LIFETIME_SECONDS;
  const token = await signJwt(ctx.keys.auth, {
    iss: issuer,
    aud: clientId,
    sub: developerSubject(clientId),
    provider_id: "web3",
    ethereum_address: clientId,
    email_verified: false,
    iat,
    exp,
  });
  return { token, iat, exp };
}
