import type { Metadata } from "next";
import { TokenInspector } from "@/components/developer/token-inspector";
import { PageError } from "@/components/ui/page-error";
import { requireSession } from "@/lib/auth/session";
import { pageResult } from "@/lib/server/page-data";
import { describeTokens } from "@/lib/server/tokens";

export const metadata: Metadata = { title: "Token inspector" };

/** The token inspector. Only claims reach the page; a raw token only through its "copy token" button, for the owner. */
export default async function TokensPage() {
  const session = await requireSession();
  const result = pageResult(await describeTokens());
  if (!result.ok) return <PageError error={result.error} title="The tokens could not be read." />;
  return <TokenInspector initial={result.data} canCopyTokens={session.role === "owner"} />;
}
