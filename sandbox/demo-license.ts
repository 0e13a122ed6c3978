import { DEMO_LICENSE } from "@/lib/demo-license";

/**
 * The demo license owner's wallet with its private key, which only the sandbox holds: its loopback-only demo endpoint
 * hands it to the dashboard's demo sign-in, and tests sign with it. The license's public values are lib/demo-license.ts.
 */
export const DEMO_OWNER = {
  address: DEMO_LICENSE.owner.address,
  privateKey: "0xc44400597e63d5f658ab407335f8e28e7c96e473b77abd9d2ef039eb06ca646c",
} as const satisfies { address: `0x${string}`; privateKey: `0x${string}` };
