import type { Metadata } from "next";
import { TokenInspector } from "@/components/developer/token-inspector";
import { describeTokensAction } from "@/lib/actions/developer";
import { requireSession } from "@/lib/auth/session";
import { dataForPage } from "@/lib/server/page-data";

export const metadata: Metadata = { title: "Token inspector" };

/** The token inspector. Only claims reach the page; a raw token only through its "copy token" button, for the owner. */
export default async function TokensPage() {
  const session = await requireSession();
  return <TokenInspector initial={dataForPage(await describeTokensAction())} canCopyTokens={session.role === "owner"} />;
}
