import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { SANDBOX_CONTROL_HEADER } from "@/lib/demo-license";

const demoSchema = z.object({
  owner: z.object({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  }),
});

export interface DemoWallet {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

/**
 * The sandbox license owner's wallet, read from the sandbox's loopback-only demo endpoint. Null outside sandbox mode
 * or when the sandbox does not answer, so the login page simply offers no demo button then.
 */
export async function getDemoWallet(): Promise<DemoWallet | null> {
  const config = getConfig();
  if (config.env !== "sandbox") return null;
  const origin = new URL(config.urls.auth).origin;
  try {
    const response = await fetch(`${origin}/__sandbox/demo`, {
      cache: "no-store",
      headers: { [SANDBOX_CONTROL_HEADER.name]: SANDBOX_CONTROL_HEADER.value },
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) return null;
    const { owner } = demoSchema.parse(await response.json());
    return { address: owner.address as `0x${string}`, privateKey: owner.privateKey as `0x${string}` };
  } catch {
    return null;
  }
}
