/**
 * Where to go after sign-in: only this site. The value is resolved against the site's origin the way a browser would
 * and kept only when the result has the same origin. Control characters and backslashes are refused outright:
 * browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` become `//evil.example`.
 */

const FALLBACK_PATH = "/vehicles";
const MAX_LENGTH = 2_048;

function sameOriginUrl(value: unknown, siteOrigin: string): URL | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  // A path that starts with `//` once normalised (`/.//evil.example`) is read as another host when used as a link.
  if (url.pathname.startsWith("//")) return null;
  return url;
}

/** A path (with query and fragment) on this site for `value`, or the fallback; never the login page itself (a loop). */
export function safeCallbackPath(value: unknown, siteOrigin: string, fallback = FALLBACK_PATH): string {
  const url = sameOriginUrl(value, siteOrigin);
  if (!url || url.pathname.startsWith("/login")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The same-origin rule for next-auth's redirect callback (sign-out goes to /login), which wants an absolute URL. */
export function safeCallbackUrl(value: unknown, siteOrigin: string): string {
  return (sameOriginUrl(value, siteOrigin) ?? new URL(FALLBACK_PATH, siteOrigin)).toString();
}
