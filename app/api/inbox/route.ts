import { readInbox } from "@/lib/server/inbox";
import { resultResponse } from "@/lib/server/responses";

/** GET: the inbox's address, verification token and recorded deliveries, newest first, for the signed-in developer. */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await readInbox());
}
