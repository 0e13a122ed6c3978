import { type Offer } from "@/lib/models";

/** What a buyer answered: a price, a refusal, a failure on their side, or nothing usable. */
export type OfferOutcome =
  | { kind: "price"; price: number }
  | { kind: "declined"; reason: string }
  | { kind: "error"; message: string }
  | { kind: "none" };

export function offerOutcome(offer: Offer): OfferOutcome {
  // A price wins: a buyer that priced the car made an offer, whatever else it said.
  if (offer.price !== null && Number.isFinite(offer.price)) return { kind: "price", price: offer.price };
  if (offer.declineReason) return { kind: "declined", reason: offer.declineReason };
  if (offer.error) return { kind: "error", message: offer.error };
  return { kind: "none" };
}

const VENDOR_NAMES: Record<string, string> = { carvana: "Carvana", carmax: "CarMax", vroom: "Vroom" };

/** The buyer's name as people write it: `carmax` reads CarMax; unknown vendors get a capital first letter. */
export function vendorName(vendor: string): string {
  const known = VENDOR_NAMES[vendor.toLowerCase()];
  if (known) return known;
  return vendor.length === 0 ? "Unknown buyer" : vendor.charAt(0).toUpperCase() + vendor.slice(1);
}

/** Only web links may become an anchor's href: a `javascript:` URL from upstream must never be clickable. */
export function safeOfferUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
