/**
 * Whether a navigation link points at the current page: its own path or a page below it, or only its own path when
 * `exact` (an index link whose path prefixes its siblings'). Pages under a path of `except` belong to a sibling
 * link (the Trips tab is not current on All trips, whose path lies below it).
 */
export function isActiveLink(pathname: string, href: string, exact = false, except: readonly string[] = []): boolean {
  if (except.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;
  return pathname === href || (!exact && pathname.startsWith(`${href}/`));
}
