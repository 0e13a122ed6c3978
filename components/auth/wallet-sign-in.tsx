"use client";

import { useAccount, useConnect, useConnectors, useDisconnect, useSignMessage } from "wagmi";
import { Button } from "@/components/ui/button";
import { shortAddress } from "@/lib/format/address";
import type { useSignIn } from "./use-sign-in";

/** Connect an injected wallet, then sign the sign-in message with it. */
export function WalletSignIn({ signIn }: { signIn: ReturnType<typeof useSignIn> }) {
  const account = useAccount();
  const connectors = useConnectors();
  const { connect, isPending: connecting, error: connectError } = useConnect();
  const { disconnect } = useDisconnect();
  const { signMessageAsync } = useSignMessage();
  const busy = !signIn.canStart || connecting;

  if (account.address) {
    const address = account.address;
    return (
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between rounded-md border border-border px-3 py-2 text-sm">
          <span>
            {account.connector?.name ?? "Wallet"}:{" "}
            <span className="font-mono" data-testid="connected-address">
              {shortAddress(address)}
            </span>
          </span>
          <button
            type="button"
            className="text-muted-foreground underline-offset-2 hover:underline"
            onClick={() => disconnect()}
          >
            Disconnect
          </button>
        </div>
        <Button
          className="w-full"
          disabled={busy}
          onClick={() => signIn.run(address, (message) => signMessageAsync({ message }))}
        >
          Sign in with {shortAddress(address)}
        </Button>
      </div>
    );
  }

  // wagmi lists the generic injected connector plus every wallet that announced itself (EIP-6963).
  const available = connectors.filter((c) => c.type === "injected");
  return (
    <div className="flex flex-col gap-2">
      {available.map((connector) => (
        <Button key={connector.uid} className="w-full" disabled={busy} onClick={() => connect({ connector })}>
          Connect {connector.name === "Injected" ? "browser wallet" : connector.name}
        </Button>
      ))}
      {connectError ? (
        <p role="alert" className="text-sm text-danger">
          {/reject|denied/i.test(connectError.message)
            ? "You declined the connection request."
            : "No browser wallet answered. Install MetaMask or Rabby, or unlock it, and try again."}
        </p>
      ) : null}
    </div>
  );
}
