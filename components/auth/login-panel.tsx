"use client";

import { Wallet } from "lucide-react";
import { WagmiProvider } from "wagmi";
import { Card } from "@/components/ui/card";
import { DemoWalletButton } from "./demo-wallet-button";
import { DimoSignIn } from "./dimo-sign-in";
import { signInErrorMessage } from "./sign-in-errors";
import { useSignIn } from "./use-sign-in";
import { WalletSignIn } from "./wallet-sign-in";
import { walletConfig } from "./wallet-config";

interface LoginPanelProps {
  /** The origin sign-in messages are bound to; signing in from another address of this site cannot work. */
  expectedOrigin: string;
  callbackPath: string;
  demoAddress: string | undefined;
  initialError: string | undefined;
  /** The invitation's token, when the person came through an invitation link: the sign-in carries it. */
  invitation?: string;
}

export function LoginPanel({ expectedOrigin, callbackPath, demoAddress, initialError, invitation }: LoginPanelProps) {
  const signIn = useSignIn(callbackPath, invitation);
  const wrongOrigin = typeof window !== "undefined" && window.location.origin !== expectedOrigin;
  const error =
    signIn.status.state === "failed" ? signIn.status.message : initialError ? signInErrorMessage(initialError) : null;

  return (
    <WagmiProvider config={walletConfig}>
      <Card className="w-full max-w-md p-6 sm:max-w-2xl">
        <div className="mb-6 flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-lg bg-primary text-primary-foreground">
            <Wallet className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-lg font-semibold">Sign in</h1>
            <p className="text-sm text-muted-foreground">
              DIMO Developer Dashboard: with your DIMO account, or by signing a message with your wallet.
            </p>
          </div>
        </div>

        {wrongOrigin ? (
          <p role="alert" className="mb-4 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            Open the dashboard at{" "}
            <a className="underline" href={expectedOrigin}>
              {expectedOrigin}
            </a>
            : sign-in messages are bound to that address.
          </p>
        ) : null}

        {/* Side by side on wider screens; on a phone, DIMO's login comes first: most phones have no wallet extension. */}
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <section aria-label="Sign in with DIMO" className="sm:flex-1">
            <DimoSignIn callbackPath={callbackPath} invitation={invitation} />
          </section>
          <div className="flex items-center gap-3 text-xs text-muted-foreground sm:hidden">
            <span className="h-px flex-1 bg-border" /> or with a wallet <span className="h-px flex-1 bg-border" />
          </div>
          <section aria-label="Sign in with a wallet" className="sm:flex-1">
            <WalletSignIn signIn={signIn} />
          </section>
        </div>

        {demoAddress ? (
          <>
            <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" /> sandbox <span className="h-px flex-1 bg-border" />
            </div>
            <DemoWalletButton address={demoAddress as `0x${string}`} signIn={signIn} />
          </>
        ) : null}

        <div aria-live="polite" className="mt-4 min-h-5 text-sm">
          {signIn.status.state === "working" ? <p className="text-muted-foreground">{signIn.status.step}</p> : null}
          {error ? (
            <p role="alert" data-testid="sign-in-error" className="text-danger">
              {error}
            </p>
          ) : null}
        </div>
      </Card>
    </WagmiProvider>
  );
}
