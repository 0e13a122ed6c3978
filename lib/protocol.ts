/**
 * Facts of the DIMO protocol shared by the server-side client, the sandbox and the pages.
 * No secrets and no I/O here, so any module (client components included) may import it.
 */

/** The vehicle NFT contract on Polygon: the sandbox's and the real network's. */
export const VEHICLE_NFT_CONTRACT = "0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF" as const;
/** The vehicle NFT contract of DIMO's dev network. */
export const DEV_VEHICLE_NFT_CONTRACT = "0x45fbCD3ef7361d156e8b16F5538AE36DEdf61Da8" as const;
export const POLYGON_CHAIN_ID = 137;

/** The DIMO services the dashboard talks to, each at its own base address (lib/config/). */
export const DIMO_SERVICES = [
  "auth",
  "tokenExchange",
  "identity",
  "trips",
  "valuations",
  "telemetry",
  "attestation",
  "vehicleTriggers",
  "fetch",
  "creditTracker",
] as const;
export type DimoService = (typeof DIMO_SERVICES)[number];
/** Where a call in the activity log went: one of DIMO's services, or the license's chain (its JSON-RPC endpoint). */
export type ActivityService = DimoService | "chain";

/** How pages and messages name each service; sentences use the lowercase form ("DIMO's token exchange service"). */
export const SERVICE_LABELS: Record<ActivityService, string> = {
  auth: "Authentication",
  tokenExchange: "Token exchange",
  identity: "Identity",
  trips: "Trips",
  valuations: "Valuations",
  telemetry: "Telemetry",
  attestation: "Attestation",
  vehicleTriggers: "Vehicle Triggers",
  chain: "Chain",
  fetch: "Fetch",
  creditTracker: "Credit tracker",
};

export const serviceName = (service: DimoService) => SERVICE_LABELS[service].toLowerCase();

/** Trips a page, as the trips service serves them. */
export const TRIPS_PAGE_SIZE = 100;
/** Above this many pages, the all-trips map asks before reading every one (1,000 pages: about 2 minutes at DIMO's rate limit). */
export const ALL_TRIPS_ASK_ABOVE_PAGES = 100;
/** The most vehicles the identity API returns a page. */
export const IDENTITY_PAGE_MAX = 100;
/**
 * The largest token id or page number taken, the largest signed 32-bit integer. The identity and telemetry APIs type
 * token ids as GraphQL `Int` and refuse larger ones only after a call (one that counts against the license's quota);
 * a trips page past it would start beyond trip 214 billion, which no vehicle reaches.
 */
export const MAX_INT32 = 2_147_483_647;
/** Offer sets lapse this long after the request that made them. */
export const OFFER_LIFETIME_DAYS = 7;
export const OFFER_LIFETIME_MS = OFFER_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export type PrivilegeId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface PrivilegeInfo {
  id: PrivilegeId;
  /** The name the token exchange writes into a Vehicle JWT's `permissions` claim. */
  permission: string;
  /** A short label for badges. */
  label: string;
  description: string;
}

export const PRIVILEGES: readonly PrivilegeInfo[] = [
  {
    id: 1,
    permission: "privilege:GetNonLocationHistory",
    label: "Non-location history",
    description: "All-time non-location data",
  },
  { id: 2, permission: "privilege:ExecuteCommands", label: "Commands", description: "Send commands to the vehicle" },
  {
    id: 3,
    permission: "privilege:GetCurrentLocation",
    label: "Current location",
    description: "The vehicle's current location",
  },
  {
    id: 4,
    permission: "privilege:GetLocationHistory",
    label: "Location history",
    description: "All-time location data (trips)",
  },
  {
    id: 5,
    permission: "privilege:GetVINCredential",
    label: "VIN credential",
    description: "The vehicle's VIN credential",
  },
  { id: 6, permission: "privilege:GetLiveData", label: "Live data", description: "Live data streams" },
  { id: 7, permission: "privilege:GetRawData", label: "Raw data", description: "Raw device data" },
  {
    id: 8,
    permission: "privilege:GetApproximateLocation",
    label: "Approximate location",
    description: "Approximate location",
  },
];

export const PRIVILEGE_IDS: readonly PrivilegeId[] = PRIVILEGES.map((p) => p.id);

export function isPrivilegeId(value: number): value is PrivilegeId {
  return Number.isInteger(value) && value >= 1 && value <= 8;
}

export function privilegeInfo(id: PrivilegeId): PrivilegeInfo {
  // The table covers every PrivilegeId, so the lookup cannot miss.
  return PRIVILEGES[id - 1] as PrivilegeInfo;
}

/**
 * Encodes privileges as the identity API's `permissions` bit field: privilege i is granted when bits 2i and 2i+1
 * are both set, so privileges 1..6 give `0x3ffc`.
 */
export function encodePermissions(ids: readonly PrivilegeId[]): `0x${string}` {
  let bits = 0n;
  for (const id of ids) bits |= 3n << BigInt(2 * id);
  return `0x${bits.toString(16)}`;
}

/** Decodes the identity API's `permissions` bit field; returns the granted privilege ids in ascending order. */
export function decodePermissions(hex: string): PrivilegeId[] {
  if (!/^0x[0-9a-fA-F]*$/.test(hex)) throw new Error(`Invalid permissions bit field: ${hex}`);
  const bits = hex === "0x" ? 0n : BigInt(hex);
  return PRIVILEGE_IDS.filter((id) => ((bits >> BigInt(2 * id)) & 3n) === 3n);
}

/** The DID a Vehicle JWT names its vehicle by: `did:erc721:137:<contract>:<tokenId>`. */
export function vehicleDid(tokenId: number | bigint, contract: string = VEHICLE_NFT_CONTRACT): string {
  return `did:erc721:${POLYGON_CHAIN_ID}:${contract}:${tokenId}`;
}

/**
 * Requests per second per client that DIMO's ingress allows each service (about; over them it answers 429 or 503,
 * possibly without Retry-After). DIMO publishes no figure for telemetry, attestation, vehicle triggers or fetch: they are paced like the other data services. Authentication is not limited: the dashboard signs in once in 14 days.
 */
export const DIMO_RATE_LIMITS: Partial<Record<DimoService, number>> = {
  trips: 9,
  valuations: 9,
  telemetry: 9,
  attestation: 9,
  vehicleTriggers: 9,
  fetch: 9,
  creditTracker: 9,
  identity: 50,
  tokenExchange: 100,
};
