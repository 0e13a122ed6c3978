import { resultResponse } from "@/lib/server/responses";
import { listCredentials } from "@/lib/server/attestation";

/**
 * GET: the vehicle's credentials as JSON, newest first, which the attestations page reads after each creation. A GET
 * rather than a server action because Next.js runs one client's actions one at a time: the read would queue behind a
 * creation.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await listCredentials({ tokenId: (await params).tokenId }));
}
