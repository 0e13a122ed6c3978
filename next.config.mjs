import { REQUEST_BODY_LIMIT } from "./lib/security/body-limit.mjs";
import { FIXED_SECURITY_HEADERS } from "./lib/security/fixed-headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The sandbox runs beside the dashboard as its own process; keep its native module out of the server bundle.
  serverExternalPackages: ["better-sqlite3"],
  // `npm test` type-checks the whole tree before it builds; SKIP_BUILD_TYPECHECK=1 lets a local build skip the repeat.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  experimental: {
    // No request needs more: the proxy refuses a larger declared body, and these cut off what is sent without a length.
    serverActions: { bodySizeLimit: REQUEST_BODY_LIMIT },
    proxyClientMaxBodySize: REQUEST_BODY_LIMIT,
  },
  // nosniff, Referrer-Policy, Permissions-Policy and X-Frame-Options on every response; the per-request
  // Content-Security-Policy (with its script nonce) and HSTS come from proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: [...FIXED_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
