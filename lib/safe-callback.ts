/**
 * Where to go after sign-in: only a path on this site, so a crafted link cannot send a freshly signed-in person
 * elsewhere. next-auth may hand back an absolute URL of this site; its path is kept.
 */
export function safeCallbackPath(value: unknown, fallback = "/vehicles"): string {
  if (typeof value !== "string" || value.length === 0) return fallback;
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return fallback;
    }
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || path.startsWith("/login")) return fallback;
  return path;
}
