import { type DimoService } from "@/lib/protocol";
import { SHARE_LANDING_PATH } from "@/lib/share-links/landing";
import { sandboxRpcUrl } from "@/lib/chain/sandbox-chain";

/**
 * The sandbox's demo Developer License: the public values the configuration defaults to in sandbox mode, and that the
 * README, `.env.example`, the sandbox's seed and the tests agree on. None of this is secret: the keys only work
 * against the local sandbox and hold nothing. The owner wallet's private key is not here: only the sandbox holds it
 * (sandbox/demo-license.ts), and hands it out on its loopback-only demo endpoint.
 *
 * Derived once as keccak256 of fixed phrases ("dimo-dashboard sandbox: demo license api key", "... owner",
 * "... contract"), so they can be re-derived but never collide with a real wallet by accident.
 */
export const DEMO_LICENSE = {
  tokenId: 1,
  alias: "Sandbox demo license",
  /** The license contract's address; also the client id used in the challenge flow. */
  clientId: "0x52D52df587cB2E014Ae81495D88c71c819779923",
  redirectUri: "http://localhost:3000",
  /** The license's API key: an Ethereum private key whose address is a registered signer of the license. */
  apiKey: "0xea757b5c384365de686d9e1e05e541e6bed32df61be66ac55f48c40cab6d61c2",
  apiKeySigner: "0xA16496AEdabe09225c3d6b1d9196C2a392849dd2",
  /** The wallet that owns the license: the demo sign-in uses it. */
  owner: { address: "0x3Fb87c8b7585Be1d0ac88cA710ddfa815e12d0bd" },
} as const satisfies {
  tokenId: number;
  alias: string;
  clientId: `0x${string}`;
  redirectUri: string;
  apiKey: `0x${string}`;
  apiKeySigner: `0x${string}`;
  owner: { address: `0x${string}` };
};

/**
 * The DIMO accounts the sandbox's login page offers (Sign in with DIMO): the demo license's owner, an admin (sign-in
 * works once DASHBOARD_ADMINS lists its address), and a stranger. Real DIMO accounts are smart accounts; these are
 * addresses only, derived as the last 20 bytes of keccak256 of "dimo-dashboard sandbox: login admin account" and
 * "... login stranger account". The emails are example.com's, which never deliver.
 */
export const DEMO_LOGIN_ACCOUNTS = {
  owner: { label: "License owner", address: DEMO_LICENSE.owner.address, email: "owner@example.com" },
  admin: { label: "Admin", address: "0x27F6080CcB790A07e32482E1165B55a698f4437c", email: "admin@example.com" },
  stranger: {
    label: "Someone else",
    address: "0x9F91Cb47De13620C1F9b8b828a7774636B3641B3",
    email: "stranger@example.com",
  },
} as const satisfies Record<string, { label: string; address: `0x${string}`; email: string }>;

export type DemoLoginAccount = keyof typeof DEMO_LOGIN_ACCOUNTS;

/** The address the sandbox's demo license registers for Sign in with DIMO from the dashboard at `origin`. */
export const loginRedirectUriFor = (origin: string) => `${origin}/login/dimo`;

/**
 * The dashboard's share landing page, which the demo license registers as a redirect URI for every dashboard it
 * registers Sign in with DIMO for: one dashboard, so both its pages that DIMO's login sends people back to.
 */
export function demoLandingRedirectUris(registered: readonly string[]): string[] {
  const suffix = loginRedirectUriFor("");
  return registered
    .filter((uri) => uri.endsWith(suffix) && uri.length > suffix.length)
    .map((uri) => `${uri.slice(0, -suffix.length)}${SHARE_LANDING_PATH}`);
}

export const SANDBOX_DEFAULT_PORT = 4455;

/**
 * The sandbox serves every DIMO service from one origin, each under its own path prefix (sandbox/app.ts), and its
 * chain's JSON-RPC endpoint (`rpc`) beside them.
 */
export function sandboxUrls(origin: string): Record<DimoService | "rpc", string> {
  return {
    auth: `${origin}/auth`,
    tokenExchange: `${origin}/token-exchange`,
    identity: `${origin}/identity`,
    trips: `${origin}/trips`,
    valuations: `${origin}/valuations`,
    telemetry: `${origin}/telemetry`,
    attestation: `${origin}/attestation`,
    vehicleTriggers: `${origin}/vehicle-triggers`,
    fetch: `${origin}/fetch`,
    creditTracker: `${origin}/credit-tracker`,
    rpc: sandboxRpcUrl(origin),
  };
}

/**
 * The header every call to the sandbox's control surface (`/__sandbox/`) carries. A page on another origin cannot
 * send a custom header without a CORS preflight, which the sandbox refuses, and a server that posts to a URL someone
 * typed (a webhook test or verification) does not send it; so neither can reset or steer the sandbox. Public: it
 * proves the caller chose to talk to the control surface, not who the caller is.
 */
export const SANDBOX_CONTROL_HEADER = { name: "x-sandbox-control", value: "1" } as const;
