"use client";

import { useMemo, useState } from "react";
import { WagmiProvider } from "wagmi";
import { Card, CardHeader } from "@/components/ui/card";
import { ApiKeyRotation } from "./api-key-rotation";
import { licenseChainOf, licenseWagmiConfig } from "./license-wagmi";
import type { LicenseView } from "./license-view";
import { RedirectUris } from "./redirect-uris";
import { RenameLicense } from "./rename-license";
import { SmartAccountSteps } from "./smart-account-steps";
import { TransactionStatus } from "./transaction-status";
import { useLicenseTransaction } from "./use-license-transaction";

/** Who may change the license here: the owner's wallet; a DIMO account (a smart account) is told where instead. */
type Changer = { can: true } | { can: false; reason: string; smartAccount?: true };

export interface LicenseChangesProps {
  license: LicenseView;
  changer: Changer;
}

/** The owner's changes to the license, each a transaction of the owner's wallet (wagmi, loaded on this page only). */
export default function LicenseChanges(props: LicenseChangesProps) {
  const chain = useMemo(() => licenseChainOf(props.license.chain), [props.license.chain]);
  const config = useMemo(() => licenseWagmiConfig(chain), [chain]);
  return (
    <WagmiProvider config={config}>
      <Changes {...props} chain={chain} />
    </WagmiProvider>
  );
}

function Changes({ license, changer, chain }: LicenseChangesProps & { chain: ReturnType<typeof licenseChainOf> }) {
  const transaction = useLicenseTransaction({
    chain,
    contract: license.contract,
    tokenId: BigInt(license.tokenId),
    owner: license.owner,
  });
  const [busy, setBusy] = useState(false);
  const off = !changer.can || busy;
  const run = async (step: () => Promise<boolean>) => {
    setBusy(true);
    try {
      return await step();
    } finally {
      setBusy(false);
    }
  };
  const shared = { license, off, run, send: transaction.send };
  return (
    <Card data-testid="license-changes">
      <CardHeader
        title="Changes"
        description="Each change is a transaction your wallet signs and pays for; the page reads the chain again once it is confirmed."
      />
      <div className="flex flex-col gap-6 px-5 py-4">
        {changer.can ? null : (
          <p className="text-sm text-muted-foreground" data-testid="changes-off-reason">
            {changer.reason}
          </p>
        )}
        {!changer.can && changer.smartAccount ? <SmartAccountSteps license={license} /> : null}
        <TransactionStatus state={transaction.state} chain={chain} onSwitched={transaction.reset} />
        <RenameLicense {...shared} />
        <RedirectUris {...shared} />
        <ApiKeyRotation {...shared} />
      </div>
    </Card>
  );
}
