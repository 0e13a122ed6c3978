import { type PrivilegeId } from "@/lib/protocol";

/** What the token inspector shows of the Developer JWT and the Vehicle JWTs. */

export interface DeveloperTokenInfo {
  iss: string | null;
  aud: string | string[] | null;
  ethereumAddress: string | null;
  /** Seconds since the epoch, as in the token. */
  iat: number | null;
  exp: number;
}

export interface VehicleTokenInfo {
  tokenId: number;
  privileges: PrivilegeId[];
  iat: number | null;
  exp: number;
}

/** What the token inspector may show: claims and expiries, never a raw token. */
export interface TokenOverview {
  developer: DeveloperTokenInfo | null;
  vehicles: VehicleTokenInfo[];
}
