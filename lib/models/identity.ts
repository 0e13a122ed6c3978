import { type PrivilegeId } from "@/lib/protocol";

/** What the identity API says: the license's vehicles, each with the license's grant on it, and the license itself. */

export interface VehicleGrant {
  /** Privileges the license holds on the vehicle, ascending. */
  privileges: PrivilegeId[];
  /** When the grant ends (ISO 8601), or null when the service gave no end. */
  expiresAt: string | null;
}

export interface Vehicle {
  tokenId: number;
  tokenDID: string | null;
  owner: string;
  mintedAt: string | null;
  name: string | null;
  imageURI: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  /** The device definition the identity API names (`ford_f-150_2021`): the key to its powertrain. */
  definitionId: string | null;
  /** The license's unexpired grant on this vehicle; null when there is none. */
  grant: VehicleGrant | null;
}

/**
 * What the license may do with one vehicle: read it (a live grant), nothing since its grant ended (`grantEndedAt`, as
 * the identity API sent it), or nothing at all (unknown, or never shared with the license).
 */
export type VehicleAccess =
  | { status: "shared"; vehicle: Vehicle }
  | { status: "expired"; vehicle: Vehicle; grantEndedAt: string }
  | { status: "none" };

export interface VehiclePage {
  vehicles: Vehicle[];
  totalCount: number;
  hasNextPage: boolean;
  /** Pass as `after` to get the next page. */
  endCursor: string | null;
}

export interface DeveloperLicense {
  tokenId: number;
  owner: string;
  clientId: string;
  alias: string | null;
  redirectURIs: string[];
  signers: string[];
}
