/**
 * Runs once when the server starts: a wrong configuration stops start-up here, with a message naming the variable,
 * instead of failing on the first request. With REDIS_URL, the connection to Redis opens here too, so the first
 * request does not wait for it. Every request is stamped with its client's address from here on (the rate limits' key).
 * The sweep that sets inactive the webhooks of people who left starts here too (lib/server/members/sweeper.ts).
 */
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not configuration); checking it lets the Edge bundle drop the Node-only code.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig, validateConfigOrExit } = await import("@/lib/config");
  validateConfigOrExit();
  const { stampClientAddresses } = await import("@/lib/security/client-address");
  stampClientAddresses(getConfig().trustedProxyHops);
  const { getStores } = await import("@/lib/store");
  getStores();
  const { startDepartureSweeps } = await import("@/lib/server/members/sweeper");
  startDepartureSweeps();
}
