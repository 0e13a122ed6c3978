// Security headers for every response, whatever it is (pages, routes, static files). Plain JavaScript so that
// next.config.mjs can load it; the per-request Content-Security-Policy lives in headers.ts and proxy.ts.

/** @type {ReadonlyArray<{ key: string, value: string }>} */
export const FIXED_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  // For browsers without CSP frame-ancestors: no page of this site may be framed (clickjacking).
  { key: "X-Frame-Options", value: "DENY" },
  {
    // Only features Chromium knows: an unknown one is logged as an error in the console of every page.
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), browsing-topics=()",
  },
];
