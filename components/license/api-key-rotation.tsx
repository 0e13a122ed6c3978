"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { confirmApiKeyAction, createApiKeyAction } from "@/lib/actions/license";
import { unwrap } from "@/lib/result";
import type { ChangeSectionProps } from "./change-section";

/**
 * A new API key: the server makes it (its private key never reaches the browser), the wallet enables its signer, the
 * server puts it in use once the chain shows it enabled; then the old signer can be disabled.
 */
export function ApiKeyRotation({ license, off, run, send }: ChangeSectionProps) {
  const router = useRouter();
  const [oldSigner, setOldSigner] = useState<`0x${string}`>();
  const [error, setError] = useState<string>();
  const inUse = license.keys.find((key) => key.inUse)?.signer;

  const rotate = () =>
    run(async () => {
      setError(undefined);
      try {
        const { signer } = unwrap(await createApiKeyAction());
        const enabled = await send("Enable the new API key", { functionName: "enableSigner", args: [signer] });
        if (!enabled) return false;
        unwrap(await confirmApiKeyAction({ signer }));
        setOldSigner(inUse);
        // The page read the chain once the transaction was confirmed; read it again now the server uses the key.
        router.refresh();
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : "The new key could not be made.");
        return false;
      }
    });

  const disableOld = (signer: `0x${string}`) =>
    run(async () => {
      const done = await send("Disable the old API key", { functionName: "disableSigner", args: [signer] });
      if (done) setOldSigner(undefined);
      return done;
    });

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">API key</h3>
      <p className="text-sm text-muted-foreground">
        The server makes the key and keeps it sealed; your wallet enables its signer on the chain. The key in use keeps
        working until the new one is confirmed.
      </p>
      <div>
        <Button disabled={off} onClick={() => void rotate()}>
          New API key
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {oldSigner ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="disable-old-key">
          The new key is in use. Disable the old one (<span className="font-mono break-all">{oldSigner}</span>) so it
          can no longer sign in?
          <Button size="sm" variant="secondary" disabled={off} onClick={() => void disableOld(oldSigner)}>
            Disable the old key
          </Button>
        </p>
      ) : null}
    </div>
  );
}
