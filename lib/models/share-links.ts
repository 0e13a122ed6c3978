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
