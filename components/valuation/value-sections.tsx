import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/query-client";
import { unwrap } from "@/lib/result";
import { getOfferRequest, getValuation, listOffers } from "@/lib/server/valuation";
import { OffersPanel } from "./offers-panel";
import { ValuationPanel } from "./valuation-panel";
import { offerRequestQuery, offersQuery, valuationQuery } from "./valuation-queries";

/**
 * Server halves of the value page's panels: each prefetches its first answer through the guarded reads the valuation
 * and offers routes share (session check and error words included), only when the grant allows it (a missing
 * privilege costs no call and is explained in the panel), and streams in on its own, behind its own Suspense
 * boundary, once its read has ended. The client panels read the same queries and refresh through the routes.
 */

export async function ValuationSection({ tokenId, canRead }: { tokenId: number; canRead: boolean }) {
  const queryClient = getQueryClient();
  if (canRead) {
    await queryClient.prefetchQuery({
      ...valuationQuery(tokenId),
      queryFn: async () => unwrap(await getValuation({ tokenId })),
    });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ValuationPanel tokenId={tokenId} canRead={canRead} />
    </HydrationBoundary>
  );
}

export async function OffersSection({
  tokenId,
  canList,
  canRequest,
}: {
  tokenId: number;
  canList: boolean;
  canRequest: boolean;
}) {
  const queryClient = getQueryClient();
  // A grant that may request but not read the offers still follows its request.
  await Promise.all([
    canList &&
      queryClient.prefetchQuery({
        ...offersQuery(tokenId),
        queryFn: async () => unwrap(await listOffers({ tokenId })),
      }),
    !canList &&
      canRequest &&
      queryClient.prefetchQuery({
        ...offerRequestQuery(tokenId),
        queryFn: async () => unwrap(await getOfferRequest({ tokenId })),
      }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OffersPanel tokenId={tokenId} canList={canList} canRequest={canRequest} />
    </HydrationBoundary>
  );
}
