// The largest request body the dashboard reads: sign-in messages and action inputs are a few kilobytes, and nothing
// is uploaded. Plain JavaScript so that next.config.mjs can load it; proxy.ts refuses a larger declared body before
// any route or authentication sees it, and Next.js cuts an undeclared (chunked) one off at the same size.

/** In bytes. */
export const REQUEST_BODY_LIMIT = 256 * 1024;
