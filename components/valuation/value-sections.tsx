import { Card, CardHeader } from "@/components/ui/card";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { getOfferRequestAction, getValuationAction, listOffersAction } from "@/lib/actions/valuation";
import { OffersPanel } from "./offers-panel";
import { VALUATION_DESCRIPTION, VALUATION_TITLE } from "./panel-skeletons";
import { ValuationPanel } from "./valuation-panel";

/**
 * Server halves of the value page's panels: each fetches its first answer through the same server action the browser
 * uses later (session check and error words included) and streams in on its own, behind its own Suspense boundary.
 */

export async function ValuationSection({ tokenId, canRead }: { tokenId: number; canRead: boolean }) {
  if (!canRead) {
    return (
      <Card data-testid="valuation-panel">
        <CardHeader title={VALUATION_TITLE} description={VALUATION_DESCRIPTION} />
        <div className="p-5">
          <MissingPrivilege feature="valuation" />
        </div>
      </Card>
    );
  }
  return <ValuationPanel tokenId={tokenId} initial={await getValuationAction({ tokenId })} />;
}

export async function OffersSection({ tokenId, canList, canRequest }: { tokenId: number; canList: boolean; canRequest: boolean }) {
  const initial = canList ? await listOffersAction({ tokenId }) : null;
  // A grant that may request but not read the offers still follows its request.
  const request = !canList && canRequest ? await getOfferRequestAction({ tokenId }) : null;
  const initialRequest = request?.ok ? request.data : null;
  return <OffersPanel tokenId={tokenId} canList={canList} canRequest={canRequest} initial={initial} initialRequest={initialRequest} />;
}
