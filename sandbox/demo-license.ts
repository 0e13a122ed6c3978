/**
 * The sandbox's demo Developer License. Fixed values, so that the README, `.env.example`, the dashboard's defaults
 * and the tests agree. None of this is secret: the keys only work against the local sandbox and hold nothing.
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
  owner: {
    address: "0x3Fb87c8b7585Be1d0ac88cA710ddfa815e12d0bd",
    privateKey: "0xc44400597e63d5f658ab407335f8e28e7c96e473b77abd9d2ef039eb06ca646c",
  },
} as const satisfies {
  tokenId: number;
  alias: string;
  clientId: `0x${string}`;
  redirectUri: string;
  apiKey: `0x${string}`;
  apiKeySigner: `0x${string}`;
  owner: { address: `0x${string}`; privateKey: `0x${string}` };
};

export const SANDBOX_DEFAULT_PORT = 4455;
