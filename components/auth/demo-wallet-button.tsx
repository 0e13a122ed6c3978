"use client";

import { FlaskConical } from "lucide-react";
import { signWithDemoWalletAction } from "@/lib/actions/sign-in";
import { Button } from "@/components/ui/button";
import { shortAddress } from "@/lib/format/address";
import { unwrap } from "@/lib/result";
import type { useSignIn } from "./use-sign-in";

/** Signs in as the sandbox license owner; the server holds the key and signs a real SIWE message. */
export function DemoWalletButton({
  address,
  signIn,
}: {
  address: `0x${string}`;
  signIn: ReturnType<typeof useSignIn>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={!signIn.canStart}
        onClick={() =>
          signIn.run(address, async (message) => {
            return unwrap(await signWithDemoWalletAction(message));
          })
        }
      >
        <FlaskConical className="size-4" aria-hidden />
        Use the demo wallet
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        The sandbox license owner, <span className="font-mono">{shortAddress(address)}</span>. No browser wallet needed.
      </p>
    </div>
  );
}
