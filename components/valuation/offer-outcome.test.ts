import { describe, expect, it } from "vitest";
import { type Offer } from "@/lib/models";
import { offerOutcome, safeOfferUrl, vendorName } from "./offer-outcome";

const base: Offer = { vendor: "carvana", price: null, url: null, grade: null, error: null, declineReason: null };

describe("offerOutcome", () => {
  it("reads a price", () => expect(offerOutcome({ ...base, price: 21_475 })).toEqual({ kind: "price", price: 21_475 }));
  it("reads a refusal", () =>
    expect(offerOutcome({ ...base, declineReason: "Mileage too high" })).toEqual({
      kind: "declined",
      reason: "Mileage too high",
    }));
  it("reads a buyer's error", () =>
    expect(offerOutcome({ ...base, error: "Vendor timed out" })).toEqual({
      kind: "error",
      message: "Vendor timed out",
    }));
  it("prefers a price over anything else the buyer said", () =>
    expect(offerOutcome({ ...base, price: 0, error: "odd" })).toEqual({ kind: "price", price: 0 }));
  it("says when there is nothing usable", () =>
    expect(offerOutcome({ ...base, declineReason: "" })).toEqual({ kind: "none" }));
});

describe("vendorName", () => {
  it.each([
    ["carmax", "CarMax"],
    ["CARVANA", "Carvana"],
    ["vroom", "Vroom"],
    ["peddle", "Peddle"],
    ["", "Unknown buyer"],
  ])("%s reads %s", (vendor, name) => expect(vendorName(vendor)).toBe(name));
});

describe("safeOfferUrl", () => {
  it("keeps web links", () =>
    expect(safeOfferUrl("https://www.carmax.com/sell-my-car/offers/ab12")).toBe(
      "https://www.carmax.com/sell-my-car/offers/ab12",
    ));
  it.each([["javascript:alert(1)"], ["data:text/html,hi"], ["not a url"], [""]])("refuses %s", (url) =>
    expect(safeOfferUrl(url)).toBeNull(),
  );
  it("returns null for no link", () => expect(safeOfferUrl(null)).toBeNull());
});
