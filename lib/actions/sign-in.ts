"use server";

import { privateKeyToAccount } from "viem/accounts";
import { getDemoWallet } from "@/lib/auth/demo-wallet";
import { isThisSitesSignInMessage } from "@/lib/sign-in-message";
import { getConfig } from "@/lib/config";
import { type Result, fail, invalidInput, ok } from "@/lib/result";

/**
 * Signs a sign-in message with the sandbox's demo owner wallet, so a newcomer can sign in without a browser wallet.
 * Sandbox mode only, and only this dashboard's own sign-in message for that wallet, word for word with nothing
 * added: the server then verifies the signature exactly as it verifies a browser wallet's. Public, like the rest of
 * sign-in: there is no session yet.
 */
export async function signWithDemoWalletAction(message: unknown): Promise<Result<`0x${string}`>> {
  const config = getConfig();
  const wallet = await getDemoWallet();
  if (config.env !== "sandbox" || !wallet) {
    return fail({
      code: "UNAVAILABLE",
      message: "The demo wallet exists only in sandbox mode, with the sandbox running.",
      retryable: false,
    });
  }
  if (typeof message !== "string" || message.length > 4_000) {
    return fail(invalidInput("message must be a sign-in message."));
  }
  if (!isThisSitesSignInMessage(message, config.publicUrl, wallet.address)) {
    return fail(invalidInput("The demo wallet signs only sign-in messages for this dashboard."));
  }
  return ok(await privateKeyToAccount(wallet.privateKey).signMessage({ message }));
}
