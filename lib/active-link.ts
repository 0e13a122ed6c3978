/**
 * Whether a navigation link points at the current page: its own path or a page below it, or only its own path when
 * `exact` (an index link whose path prefixes its siblings').
 */
export function isActiveLink(pathname: string, href: string, exact = false): boolean {
  return pathname === href || (!exact && pathname.startsWith(`${href}/`));
}
