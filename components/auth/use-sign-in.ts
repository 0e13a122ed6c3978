"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "@/lib/hooks/use-now";
import { buildSignInMessage } from "@/lib/sign-in-message";
import { signInErrorMessage } from "./sign-in-errors";

export type SignInStatus =
  { state: "idle" } | { state: "working"; step: string } | { state: "failed"; message: string };

/**
 * Runs the sign-in: a nonce from the server, an EIP-4361 message for this site, a signature from `sign`, and
 * next-auth's credentials callback, where the server verifies everything again. `canStart` says whether a button may
 * start one now: none is running, and the page has hydrated (the buttons are rendered on the server, and a click
 * before hydration would do nothing and be lost).
 */
export function useSignIn(callbackPath: string, invitation?: string) {
  const router = useRouter();
  const [status, setStatus] = useState<SignInStatus>({ state: "idle" });
  const canStart = useHydrated() && status.state !== "working";

  async function run(address: `0x${string}`, sign: (message: string) => Promise<`0x${string}`>) {
    try {
      setStatus({ state: "working", step: "Preparing the sign-in request…" });
      const response = await fetch("/api/sign-in/nonce", { cache: "no-store" });
      if (response.status === 429) throw new SignInFailed(signInErrorMessage("RATE_LIMITED"));
      if (response.status === 503) throw new SignInFailed(signInErrorMessage("SIGN_IN_UNAVAILABLE"));
      if (!response.ok) throw new Error("The dashboard did not hand out a sign-in nonce. Try again.");
      const { nonce } = (await response.json()) as { nonce: string };
      // The chain id is always mainnet's: a sign-in proves who holds the key, whatever network the wallet is on.
      const message = buildSignInMessage({ origin: window.location.origin, address, nonce, issuedAt: new Date() });
      setStatus({ state: "working", step: "Waiting for the signature…" });
      const signature = await sign(message);
      setStatus({ state: "working", step: "Verifying…" });
      const result = await signIn("siwe", {
        message,
        signature,
        ...(invitation ? { invitation } : {}),
        redirect: false,
      });
      if (result?.error === "WALLET_NOT_ALLOWED") {
        router.replace(`/login/not-allowed?address=${address}`);
        return;
      }
      if (!result?.ok || result.error) throw new SignInFailed(signInErrorMessage(result?.error ?? "UNKNOWN"));
      router.replace(callbackPath);
      router.refresh();
    } catch (error) {
      setStatus({ state: "failed", message: describe(error) });
    }
  }

  return { status, canStart, run };
}

class SignInFailed extends Error {}

function describe(error: unknown): string {
  if (error instanceof SignInFailed) return error.message;
  if (error instanceof Error) {
    if (/reject|denied|cancel/i.test(error.message)) return "You declined the signature request.";
    return error.message.split("\n")[0] ?? "Sign-in failed.";
  }
  return "Sign-in failed. Try again.";
}
