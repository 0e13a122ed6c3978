import type { Metadata } from "next";
import { TokenInspector } from "@/components/developer/token-inspector";
import { requireSession } from "@/lib/auth/session";
import { describeTokens } from "@/lib/dimo";

export const metadata: Metadata = { title: "Token inspector" };

/** The token inspector. Only claims reach the page; a raw token only through its "copy token" button, for the owner. */
export default async function TokensPage() {
  const session = await requireSession();
  return <TokenInspector initial={await describeTokens()} canCopyTokens={session.role === "owner"} />;
}
