"use server";

import { privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import { getDemoWallet } from "@/lib/auth/demo-wallet";
import { getConfig } from "@/lib/config";

type DemoSignature = { ok: true; signature: `0x${string}` } | { ok: false; error: { code: string; message: string } };

/**
 * Signs a sign-in message with the sandbox's demo owner wallet, so a newcomer can sign in without a browser wallet.
 * Sandbox mode only, and only sign-in messages for this dashboard and that wallet: the server then verifies the
 * signature exactly as it verifies a browser wallet's.
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
  const fields = parseSiweMessage(message);
  if (fields.address?.toLowerCase() !== wallet.address.toLowerCase() || fields.domain !== new URL(config.publicUrl).host) {
    return { ok: false, error: { code: "INVALID_INPUT", message: "The demo wallet signs only sign-in messages for this dashboard." } };
  }
  const signature = await privateKeyToAccount(wallet.privateKey).signMessage({ message });
  return { ok: true, signature };
}
