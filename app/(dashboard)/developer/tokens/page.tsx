import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { tokensQuery } from "@/components/developer/developer-queries";
import { TokenInspector } from "@/components/developer/token-inspector";
import { PageError } from "@/components/ui/page-error";
import { requireSession } from "@/lib/auth/session";
import { getQueryClient } from "@/lib/query-client";
import { pageResult } from "@/lib/server/page-data";
import { describeTokens } from "@/lib/server/tokens";

export const metadata: Metadata = { title: "Token inspector" };

/** The token inspector. Only claims reach the page; a raw token only through its "copy token" button, for the owner. */
export default async function TokensPage() {
  const session = await requireSession();
  // Read before the prefetch: a failure here leaves for the sign-in or not-found page, or is shown in the page's frame.
  const result = pageResult(await describeTokens());
  if (!result.ok) return <PageError error={result.error} title="The tokens could not be read." />;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...tokensQuery(), queryFn: () => result.data });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <TokenInspector canCopyTokens={session.role === "owner"} />
    </HydrationBoundary>
  );
}
