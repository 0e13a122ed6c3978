/**
 * How closely the sandbox imitates the real DIMO network. `default` is the friendly sandbox the dashboard and most
 * tests use. `realistic` behaves like the real services where they differ from the spec: dex's HTML error pages,
 * the ingress's rate limits (429 or 503, no Retry-After), minute-long instant offers refused again within 7 days,
 * offer sets kept with blanked links, and the trips service's plain-text errors.
 */
export const SANDBOX_PROFILES = ["default", "realistic"] as const;
export type SandboxProfile = (typeof SANDBOX_PROFILES)[number];

export const isSandboxProfile = (value: string): value is SandboxProfile =>
  (SANDBOX_PROFILES as readonly string[]).includes(value);

/** How long an instant-offer request takes when no delay is given: the real job takes about a minute. */
export const DEFAULT_INSTANT_OFFER_DELAY_MS: Record<SandboxProfile, number> = {
  default: 1500,
  realistic: 60_000,
};
