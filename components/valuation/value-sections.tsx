import { getOfferRequest, getValuation, listOffers } from "@/lib/server/valuation";
import { OffersPanel } from "./offers-panel";
import { ValuationPanel } from "./valuation-panel";

/**
 * Server halves of the value page's panels: each reads its first answer through the guarded reads the valuation and
 * offers routes share (session check and error words included), only when the grant allows it (a missing privilege
 * costs no call and is explained in the panel), and streams in on its own, behind its own Suspense boundary. The
 * client panels seed react-query with these answers and refresh through the routes.
 */

export async function ValuationSection({ tokenId, canRead }: { tokenId: number; canRead: boolean }) {
  return <ValuationPanel tokenId={tokenId} initial={canRead ? await getValuation({ tokenId }) : null} />;
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
  // A grant that may request but not read the offers still follows its request.
  const [initial, initialRequest] = await Promise.all([
    canList ? listOffers({ tokenId }) : null,
    !canList && canRequest ? getOfferRequest({ tokenId }) : null,
  ]);
  return (
    <OffersPanel
      tokenId={tokenId}
      canList={canList}
      canRequest={canRequest}
      initial={initial}
      initialRequest={initialRequest}
    />
  );
}
