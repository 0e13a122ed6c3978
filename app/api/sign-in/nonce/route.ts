import { issueNonce } from "@/lib/auth/nonce-store";

// Public by design: a wallet needs a nonce before it can sign in. The store is bounded and nonces expire.
export function GET() {
  return Response.json({ nonce: issueNonce() }, { headers: { "Cache-Control": "no-store" } });
}
