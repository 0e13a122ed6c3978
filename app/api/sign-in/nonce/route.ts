import { getSignInNonces } from "@/lib/auth/sign-in-nonces";
import { refuseWhenOverLimit } from "@/lib/auth/rate-limit";
import { getStores } from "@/lib/store";

// Public by design: a wallet needs a nonce before it can sign in. Issuing one stores nothing; each client is limited.
export async function GET(request: Request) {
  const refused = await refuseWhenOverLimit(request, "nonce", getStores().counters);
  if (refused) return refused;
  return Response.json({ nonce: getSignInNonces().issue() }, { headers: { "Cache-Control": "no-store" } });
}
