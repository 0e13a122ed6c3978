/**
 * Pure helpers for item 3 (JavaScript shipped): the scripts a page's HTML loads, and the markers that give wallet
 * libraries and the map library away in a bundle.
 */

/** wagmi and viem write their version into their error messages: the same markers as the sign-in browser test. */
export const WALLET_MARKERS = /viem@(\d|\$\{)|wagmi@\d/;

/** MapLibre's control class names: only the map library's code carries them. */
export const MAP_MARKER = /maplibregl-(ctrl|popup|canvas)/;

/**
 * Absolute URLs of every `<script src>` in the HTML that a current browser loads, first occurrence order, each once.
 * `nomodule` scripts (Next.js's polyfills for browsers without ES modules) are left out: no current browser runs them.
 */
export function scriptSources(html: string, pageUrl: string): string[] {
  const seen = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (/\snomodule\b/i.test(tag)) continue;
    const match = /\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)')/i.exec(tag);
    const src = (match?.[1] ?? match?.[2] ?? "").replace(/&amp;/g, "&");
    if (src) seen.add(new URL(src, pageUrl).href);
  }
  return [...seen];
}

export const hasWalletCode = (source: string): boolean => WALLET_MARKERS.test(source);
export const hasMapCode = (source: string): boolean => MAP_MARKER.test(source);
