import "server-only";
import { type PrivilegeId } from "@/lib/protocol";

/** Plain app types returned by the DIMO client: no zod, no upstream quirks, safe to hand to components. */

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
  /** The license's unexpired grant on this vehicle; null when there is none. */
  grant: VehicleGrant | null;
}

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

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface TripPoint {
  time: string;
  location: LatLng | null;
  /** Only on a start: where the previous trip ended, when that was close by. */
  estimatedLocation: LatLng | null;
}

export interface Trip {
  id: string;
  start: TripPoint;
  end: TripPoint;
  droppedData: boolean;
}

export interface TripsPage {
  trips: Trip[];
  totalPages: number;
  currentPage: number;
}

export interface Valuation {
  vendor: string | null;
  updated: string | null;
  mileage: number | null;
  zipCode: string | null;
  tradeIn: number | null;
  tradeInAverage: number | null;
  tradeInSource: string | null;
  retail: number | null;
  retailAverage: number | null;
  retailSource: string | null;
  odometer: number | null;
  odometerUnit: string | null;
  odometerMeasurementType: string | null;
  userDisplayPrice: number | null;
  currency: string | null;
}

export interface Offer {
  vendor: string;
  price: number | null;
  url: string | null;
  grade: string | null;
  error: string | null;
  declineReason: string | null;
}

export interface OfferSet {
  source: string | null;
  updated: string;
  /** When the offers lapse: from the service, or `updated` + 7 days when it sends none. */
  expiresAt: string;
  mileage: number | null;
  odometerMeasurementType: string | null;
  offers: Offer[];
}

export interface InstantOfferResult {
  message: string;
}

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
