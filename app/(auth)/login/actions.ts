"use server";

import { privateKeyToAccount } from "viem/accounts";
import { getDemoWallet } from "@/lib/auth/demo-wallet";
import { isThisSitesSignInMessage } from "@/lib/auth/sign-in-message";
import { getConfig } from "@/lib/config";

type DemoSignature = { ok: true; signature: `0x${string}` } | { ok: false; error: { code: string; message: string } };

/**
 * Signs a sign-in message with the sandbox's demo owner wallet, so a newcomer can sign in without a browser wallet.
 * Sandbox mode only, and only this dashboard's own sign-in message for that wallet, word for word with nothing
 * added: the server then verifies the signature exactly as it verifies a browser wallet's.
 */
export async function signWithDemoWalletAction(message: unknown): Promise<DemoSignature> {
  const config = getConfig();
  const wallet = await getDemoWallet();
  if (config.env !== "sandbox" || !wallet) {
    return { ok: false, error: { code: "UNAVAILABLE", message: "The demo wallet exists only in sandbox mode, with the sandbox running." } };
  }
  if (typeof message !== "string" || message.length > 4_000) {
    return { ok: false, error: { code: "INVALID_INPUT", message: "message must be a sign-in message." } };
  }
  if (!isThisSitesSignInMessage(message, config.publicUrl, wallet.address)) {
    return { ok: false, error: { code: "INVALID_INPUT", message: "The demo wallet signs only sign-in messages for this dashboard." } };
  }
  const signature = await privateKeyToAccount(wallet.privateKey).signMessage({ message });
  return { ok: true, signature };
}
