import type { Metadata } from "next";
import { TokenInspector } from "@/components/developer/token-inspector";
import { describeTokens } from "@/lib/dimo";

export const metadata: Metadata = { title: "Token inspector" };

/** The token inspector. Only claims reach the page; a raw token only through its "copy token" button. */
export default async function TokensPage() {
  return <TokenInspector initial={await describeTokens()} />;
}
