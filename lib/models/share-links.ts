import { type VehicleGrant } from "./identity";

/** What the share link builder is given by the server: public values only, so the browser may hold them. */
export interface ShareLinkSettings {
  /** DIMO's login page, which links open. */
  loginUrl: string;
  clientId: string;
  licenseName: string;
  /** Exactly as registered: DIMO's login compares a link's redirect URI with these as strings. */
  redirectUris: string[];
  /** The dashboard's own landing page, which says what was just shared. */
  landingUrl: string;
}

/** A vehicle a share-link landing names, as DIMO lists it now. */
export interface LandedVehicle {
  tokenId: number;
  title: string;
  grant: VehicleGrant | null;
}

/** What DIMO says about the vehicles a landing names; the confirm records the same, checked again. */
export interface LandingOutcome {
  /** Named as shared, and DIMO lists the license's grant. */
  shared: LandedVehicle[];
  /** Named as shared, and DIMO lists no grant. */
  notListed: number[];
  /** Named as revoked, and DIMO lists no grant any more. */
  revoked: LandedVehicle[];
  /** Named as revoked, yet DIMO still lists the grant. */
  stillListed: LandedVehicle[];
  /** The landing's link name when it names a link the license keeps; null otherwise. */
  link: string | null;
}
