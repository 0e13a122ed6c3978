import { listApiKeys } from "@/lib/server/api-keys";
import { resultResponse } from "@/lib/server/responses";

export const dynamic = "force-dynamic";

/** GET: the license's API keys (signer, where it lives, enabled since, expires on, in use); never a private key. */
export async function GET(): Promise<Response> {
  return resultResponse(await listApiKeys());
}
