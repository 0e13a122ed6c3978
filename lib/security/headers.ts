/**
 * The security headers. The Content-Security-Policy is made per request, with a fresh nonce that Next.js puts on its
 * own scripts (it reads the nonce from the policy the proxy hands it); the fixed headers are set for every path in
 * next.config.mjs (from fixed-headers.mjs). Pure functions: the proxy and the tests use them.
 */

export interface CspOptions {
  nonce: string;
  /** Development: React's dev build needs eval (for its debugging aids) and the dev server's websocket. */
  development: boolean;
  /**
   * The origin of the maps' street style (NEXT_PUBLIC_MAP_STYLE_URL, or OpenFreeMap's by default off the sandbox): the
   * style, its tiles, glyphs and sprites are fetched from it. None for the built-in basemap, which is the site's own.
   */
  mapOrigin?: string | undefined;
}

export function contentSecurityPolicy({ nonce, development, mapOrigin }: CspOptions): string {
  const map = mapOrigin ? ` ${mapOrigin}` : "";
  const directives = [
    "default-src 'self'",
    // Nonce plus strict-dynamic: Next.js's inline bootstrap carries the nonce, the chunks it loads inherit the trust.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // React and MapLibre set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // MapLibre draws tiles and icons from data: and blob: URLs.
    `img-src 'self' data: blob:${map}`,
    "font-src 'self' data:",
    `connect-src 'self' data:${map}${development ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** The origin the maps' street style is fetched from (lib/config validates it as a URL); none for the built-in basemap. */
export function mapOriginOf(mapStyleUrl: string | undefined): string | undefined {
  return mapStyleUrl ? new URL(mapStyleUrl).origin : undefined;
}

/**
 * The path and query of the page asked for, which the proxy puts on each request for the server's own use: a page
 * whose session has ended sends the person to sign in with it as the way back (safeCallbackPath checks it there).
 */
export const REQUEST_PATH_HEADER = "x-dashboard-request-path";

/** HSTS, sent only over https (browsers ignore it over http, and a local http site must not be pinned to https). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** A random nonce for one response, base64 (128 bits). */
export function newCspNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
