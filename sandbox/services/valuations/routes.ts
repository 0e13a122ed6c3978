import { Hono } from "hono";
import { type PrivilegeId } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { codeMessage, rawJson } from "../../http/responses";
import { OFFER_LIFETIME_MS } from "@/lib/protocol";
import { type OfferSet, offerSetFor, type ValuationSet } from "../../seed/valuation-model";
import { checkVehicleAccess } from "../vehicle-access";

export const VALUATIONS_PREFIX = "/valuations";
/** The spec's v1 and the real service's v2 are served identically. */
const VALUATIONS_VERSIONS = ["v1", "v2"] as const;

const MESSAGES = { invalidToken: "Invalid privilege token.", badTokenId: "Couldn't parse token id." };
const NON_LOCATION_HISTORY: { privileges: readonly PrivilegeId[]; mode: "all" } = { privileges: [1], mode: "all" };
const INSTANT_OFFER: { privileges: readonly PrivilegeId[]; mode: "oneOf" } = { privileges: [1, 5], mode: "oneOf" };

/** The real service's refusal of a new request within 7 days of the last offer set; its words say 30 days. */
const ALREADY_REQUESTED_MESSAGE = "instant offer already requested in last 30 days";

/**
 * The offers answer of the realistic profile, like the real service's: the latest set only, kept after it expires,
 * without `expiresAt`, its links blanked once it is 7 days old.
 */
function realisticOffers(latest: { updatedAt: number; body: string } | undefined, nowMs: number): string {
  if (!latest) return '{"offerSets":[]}';
  const { expiresAt: _dropped, ...set } = JSON.parse(latest.body) as OfferSet;
  const expired = nowMs - latest.updatedAt >= OFFER_LIFETIME_MS;
  const offers = set.offers.map((offer) => (expired && offer.url !== undefined ? { ...offer, url: "" } : offer));
  return JSON.stringify({ offerSets: [{ ...set, offers }] });
}

/**
 * The valuations service: the latest valuation, instant-offer requests and the offer sets. By default, only the
 * unexpired offer sets are listed and a new request is always accepted; the realistic profile behaves like the real
 * service (see realisticOffers, and the 7-day refusal).
 */
export function valuationsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  for (const version of VALUATIONS_VERSIONS) {
    const base = `/${version}/vehicles/:tokenId`;

    app.get(`${base}/valuations`, async (c) => {
      const access = await checkVehicleAccess(c, ctx, NON_LOCATION_HISTORY, MESSAGES);
      if (!access.ok) return access.response;
      const body = access.tokenId.value === null ? undefined : ctx.vehicles.valuationBody(access.tokenId.value);
      return rawJson(`{"valuationSets":[${body ?? ""}]}`);
    });

    app.get(`${base}/offers`, async (c) => {
      const access = await checkVehicleAccess(c, ctx, NON_LOCATION_HISTORY, MESSAGES);
      if (!access.ok) return access.response;
      const tokenId = access.tokenId.value;
      if (ctx.settings.profile === "realistic") {
        return rawJson(
          realisticOffers(tokenId === null ? undefined : ctx.offers.latestSet(tokenId), ctx.clock.nowMs()),
        );
      }
      const sets = tokenId === null ? [] : ctx.offers.activeSets(tokenId, ctx.clock.nowMs());
      return rawJson(`{"offerSets":[${sets.join(",")}]}`);
    });

    app.post(`${base}/instant-offer`, async (c) => {
      const access = await checkVehicleAccess(c, ctx, INSTANT_OFFER, MESSAGES);
      if (!access.ok) return access.response;
      const tokenId = access.tokenId.value;
      const valuationBody = tokenId === null ? undefined : ctx.vehicles.valuationBody(tokenId);
      if (ctx.settings.profile === "realistic" && tokenId !== null) {
        // The real service looks at the latest offer set before it asks anyone, so the refusal is immediate.
        const latest = ctx.offers.latestSet(tokenId);
        if (latest && ctx.clock.nowMs() - latest.updatedAt < OFFER_LIFETIME_MS) {
          return codeMessage(c, 400, ALREADY_REQUESTED_MESSAGE);
        }
      }
      // Asking the buyers takes a while; the sandbox makes the caller wait as the real service does.
      if (!(await ctx.delays.wait(ctx.settings.instantOfferDelayMs))) {
        return c.json({ code: 503, message: "The sandbox is shutting down." }, 503);
      }
      if (tokenId !== null && valuationBody) {
        const nowMs = ctx.clock.nowMs();
        const updatedAt = Math.floor(nowMs / 1000) * 1000;
        const set = offerSetFor(tokenId, JSON.parse(valuationBody) as ValuationSet, updatedAt);
        ctx.offers.replaceActiveSet({
          tokenId,
          clientId: typeof access.claims.sub === "string" ? access.claims.sub : "",
          nowMs,
          updatedAt,
          expiresAt: updatedAt + OFFER_LIFETIME_MS,
          body: JSON.stringify(set),
        });
      }
      return c.json({ message: "instant offer request completed: PulledAll" });
    });
  }

  return app;
}
