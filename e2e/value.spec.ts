import { type Locator, type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { sandboxApi, type SandboxOffer } from "./fixtures/sandbox-api";
import { expect, test } from "./fixtures/test";
import { odometerMeasurement } from "@/components/valuation/odometer-measurement";
import { openValuePage, requestOffers } from "./fixtures/value-page";

/**
 * The vehicle's value page against the browser tests' sandbox. Offers are requested only on vehicles no other spec
 * requests offers for (13004 and 12345, plus 20311 for a grant of privileges 1 and 5), and every fault
 * is undone after the test that made it. Moving the sandbox clock is left to offers-expiry.clock.spec.ts, which runs
 * after every other dashboard test.
 */

const sandbox = sandboxApi();
const OFFERS_VEHICLE = 13004; // its buyers answer: a price, a decline, an error
const TWO_TABS_VEHICLE = 12345;

const instantOfferPath = (tokenId: number) => `/valuations/*/vehicles/${tokenId}/instant-offer`;
const faultIds: string[] = [];

test.afterEach(async () => {
  // Only this spec's faults are removed: other specs may have their own in place.
  for (const id of faultIds.splice(0)) await sandbox.control.removeFault(id);
});

/** The browser's own formatting of an amount in a locale, to compare the page with. */
function formatIn(page: Page, locale: string, amount: number, currency: string): Promise<string> {
  return page.evaluate(
    ([l, a, c]) => new Intl.NumberFormat(l, { style: "currency", currency: c, maximumFractionDigits: 0 }).format(a),
    [locale, amount, currency] as const,
  );
}

async function expectOfferCard(card: Locator, offer: SandboxOffer): Promise<void> {
  await expect(card).toHaveAttribute("data-vendor", offer.vendor);
  if (offer.price !== undefined) {
    await expect(card).toHaveAttribute("data-outcome", "price");
    await expect(card.getByTestId("offer-price")).toHaveAttribute("data-amount", String(offer.price));
    const link = card.getByTestId("offer-link");
    await expect(link).toHaveAttribute("href", offer.url ?? "");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    if (offer.grade) await expect(card.getByTestId("offer-grade")).toContainText(offer.grade);
  } else if (offer.declineReason !== undefined) {
    await expect(card).toHaveAttribute("data-outcome", "declined");
    await expect(card.getByTestId("offer-decline-reason")).toHaveText(offer.declineReason);
    await expect(card.getByTestId("offer-link")).toHaveCount(0);
  } else {
    await expect(card).toHaveAttribute("data-outcome", "error");
    await expect(card.getByTestId("offer-error")).toHaveText(offer.error ?? "");
  }
}

test.describe("valuation figures", () => {
  // A German viewer: money and numbers must follow the viewer's locale, not the server's.
  test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

  for (const tokenId of [VEHICLE_IDS.exactly100, VEHICLE_IDS.noTrips]) {
    test(`vehicle ${tokenId} shows the sandbox's valuation`, async ({ page }) => {
      const expected = await sandbox.valuation(tokenId);
      if (expected === null) throw new Error(`the sandbox has no valuation for ${tokenId}`);
      await page.goto(`/vehicles/${tokenId}/value`);
      const panel = page.getByTestId("valuation-panel");
      const money = [
        ["valuation-display-price", expected.userDisplayPrice],
        ["valuation-retail", expected.retail],
        ["valuation-trade-in", expected.tradeIn],
      ] as const;
      for (const [testId, amount] of money) {
        await expect(panel.getByTestId(testId)).toHaveAttribute("data-amount", String(amount));
        await expect(panel.getByTestId(testId)).toHaveText(await formatIn(page, "de-DE", amount, expected.currency));
      }
      // German grouping: 23.450 $, never the server's $23,450.
      await expect(panel.getByTestId("valuation-display-price")).toHaveText(/^\d{1,3}(\.\d{3})*\s\$$/);
      const grouped = (n: number) => page.evaluate((value) => new Intl.NumberFormat("de-DE").format(value), n);
      await expect(panel.getByTestId("valuation-odometer")).toContainText(
        `${await grouped(expected.odometer)} ${expected.odometerUnit}`,
      );
      await expect(panel.getByTestId("odometer-measurement")).toHaveText(
        odometerMeasurement(expected.odometerMeasurementType).label,
      );
      // The same number is not shown twice: a mileage equal to the odometer has no row of its own.
      if (expected.mileage === expected.odometer) await expect(panel.getByTestId("valuation-mileage")).toHaveCount(0);
      else await expect(panel.getByTestId("valuation-mileage")).toHaveText(await grouped(expected.mileage));
      await expect(panel.getByTestId("valuation-vendor")).toHaveText(expected.vendor);
      await expect(panel.getByTestId("valuation-currency")).toHaveText(expected.currency);
      await expect(panel.getByTestId("valuation-updated").locator("time")).toHaveAttribute(
        "datetime",
        expected.updated,
      );
    });
  }
});

test.describe("instant offers on one vehicle", () => {
  // Each step builds on the offers the previous one left.
  test.describe.configure({ mode: "serial" });

  test("a click shows progress, then offers from three buyers including a decline and an error", async ({ page }) => {
    const offers = await openValuePage(page, OFFERS_VEHICLE);
    await expect(offers.getByTestId("offers-empty")).toContainText("No open offers");
    const before = await sandbox.instantOfferRequests(OFFERS_VEHICLE);

    const button = offers.getByRole("button", { name: "Get instant offers" });
    await button.click();
    await expect(offers.getByTestId("request-offers")).toBeDisabled();
    await expect(offers.getByTestId("request-offers")).toHaveText("Requesting offers…");
    await expect(offers.getByTestId("offer-request-progress")).toBeVisible();

    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    await expect(offers.getByTestId("offer-request-progress")).toHaveCount(0);
    await expect(offers.getByTestId("request-offers")).toBeEnabled();
    expect(await sandbox.instantOfferRequests(OFFERS_VEHICLE)).toBe(before + 1);

    const [served] = await sandbox.offerSets(OFFERS_VEHICLE);
    if (!served) throw new Error("the sandbox holds no offer set after the request");
    expect(
      served.offers.map((o) => (o.price !== undefined ? "price" : o.declineReason !== undefined ? "decline" : "error")),
    ).toEqual(["price", "decline", "error"]);
    const cards = offers.getByTestId("offer-card");
    for (const [index, offer] of served.offers.entries()) await expectOfferCard(cards.nth(index), offer);
    await expect(offers.getByTestId("offer-set")).toHaveAttribute(
      "data-expires-at",
      new Date(served.expiresAt).toISOString(),
    );
    await expect(offers.getByTestId("offer-countdown")).toHaveText("6 d 23 h");
  });

  test("a double click, or two clicks in one go, sends one upstream request", async ({ page }) => {
    const offers = await openValuePage(page, OFFERS_VEHICLE);
    const button = offers.getByTestId("request-offers");

    let before = await sandbox.instantOfferRequests(OFFERS_VEHICLE);
    await button.dblclick();
    await expect(offers.getByTestId("offer-request-progress")).toBeVisible();
    await expect(button).toHaveAttribute("data-state", "idle");
    expect(await sandbox.instantOfferRequests(OFFERS_VEHICLE)).toBe(before + 1);

    // Two clicks within one task, before React can re-render the button as disabled.
    before = await sandbox.instantOfferRequests(OFFERS_VEHICLE);
    await button.evaluate((element: HTMLElement) => {
      element.click();
      element.click();
    });
    await expect(offers.getByTestId("offer-request-progress")).toBeVisible();
    await expect(button).toHaveAttribute("data-state", "idle");
    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    expect(await sandbox.instantOfferRequests(OFFERS_VEHICLE)).toBe(before + 1);
  });

  test("once offers are open the button says a new request replaces them, steps back, and keeps the focus", async ({
    page,
  }) => {
    const offers = await openValuePage(page, OFFERS_VEHICLE);
    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    const button = offers.getByTestId("request-offers");
    await expect(button).toHaveText("Request new offers (replaces these)");
    await expect(button).toHaveAttribute("data-on-hand", "open");
    // Secondary: the card's own background and a border, not the primary colour it had with no offers.
    const looks = () =>
      button.evaluate((element) => ({
        background: getComputedStyle(element).backgroundColor,
        border: getComputedStyle(element).borderTopWidth,
      }));
    const card = await offers.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await looks()).toEqual({ background: card, border: "1px" });

    const before = await sandbox.instantOfferRequests(OFFERS_VEHICLE);
    const firstSet = await offers.getByTestId("offer-set").getAttribute("data-expires-at");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("data-state", "pending");
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("data-state", "idle");
    // The new set replaced the old one; the button is the same element, and the focus never fell to the page.
    await expect(offers.getByTestId("offer-set")).toHaveCount(1);
    await expect(offers.getByTestId("offer-set")).not.toHaveAttribute("data-expires-at", firstSet ?? "");
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    await expect(button).toHaveText("Request new offers (replaces these)");
    await expect(offers.getByTestId("offers-announcement")).toHaveText("3 buyers answered; their offers are below.");
    expect(await sandbox.instantOfferRequests(OFFERS_VEHICLE)).toBe(before + 1);
  });

  test("a sandbox fault on the request shows what failed and leaves the page usable", async ({ page }) => {
    const offers = await openValuePage(page, OFFERS_VEHICLE);
    const { id } = await sandbox.control.injectFault({
      method: "POST",
      path: instantOfferPath(OFFERS_VEHICLE),
      status: 503,
      body: { code: 503, message: "Service Unavailable" },
      times: 1,
    });
    faultIds.push(id);

    const button = offers.getByTestId("request-offers");
    await button.click();
    const failure = offers.getByTestId("offer-request-error");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("The offers could not be requested");
    await expect(failure).toContainText("DIMO's valuations service is not answering (503). Try again in a moment.");
    await expect(failure).toHaveAttribute("data-retryable", "true");
    // The request button is the retry; the notice links to the call that failed.
    await expect(failure.getByTestId("error-retry")).toHaveCount(0);
    await expect(failure.getByTestId("call-link")).toHaveAttribute("data-call-id", /.+/);
    // Still usable: the button works, the earlier offers and the valuation are still there.
    await expect(button).toBeEnabled();
    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    await expect(page.getByTestId("valuation-display-price")).toBeVisible();

    await requestOffers(offers);
    await expect(failure).toHaveCount(0);
  });
});

test("two tabs asking at once share one upstream request", async ({ page }) => {
  // Hold the upstream request for a few seconds, so the second tab surely asks while the first is in flight.
  const { id } = await sandbox.control.injectFault({
    method: "POST",
    path: instantOfferPath(TWO_TABS_VEHICLE),
    latencyMs: 3_000,
    times: 1,
  });
  faultIds.push(id);
  const first = await openValuePage(page, TWO_TABS_VEHICLE);
  const second = await openValuePage(await page.context().newPage(), TWO_TABS_VEHICLE);
  const before = await sandbox.instantOfferRequests(TWO_TABS_VEHICLE);

  await first.getByTestId("request-offers").click();
  await expect(first.getByTestId("offer-request-progress")).toBeVisible();
  await second.getByTestId("request-offers").click();
  await expect(second.getByTestId("offer-request-progress")).toBeVisible();

  for (const offers of [first, second]) {
    await expect(offers.getByTestId("request-offers")).toHaveAttribute("data-state", "idle");
    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
  }
  expect(await sandbox.instantOfferRequests(TWO_TABS_VEHICLE)).toBe(before + 1);
});

test("a grant of privileges 1 and 5 only can request and read offers", async ({ page }) => {
  const offers = await openValuePage(page, VEHICLE_IDS.noTripsPrivilege);
  await expect(page.getByTestId("valuation-display-price")).toBeVisible();
  await requestOffers(offers);
  const outcomes = await offers
    .getByTestId("offer-card")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-outcome")));
  expect(outcomes.sort()).toEqual(["declined", "error", "price"]);
});

test("a vehicle whose grant lacks privilege 1 says so instead of failing", async ({ page }) => {
  const tokenId = VEHICLE_IDS.noValuationPrivilege;
  const valuationsPath = `GET /valuations/v1/vehicles/${tokenId}/valuations`;
  const before = (await sandbox.control.stats()).paths[valuationsPath] ?? 0;
  await page.goto(`/vehicles/${tokenId}/value`);

  const valuation = page.getByTestId("valuation-panel").getByTestId("missing-privilege");
  await expect(valuation).toContainText("Valuation unavailable");
  await expect(valuation).toContainText("Non-location history (privilege 1)");
  const offers = page.getByTestId("offers-panel").getByTestId("missing-privilege");
  await expect(offers).toContainText("Instant offers unavailable");
  await expect(offers).toContainText("privilege 1");
  await expect(page.getByTestId("request-offers")).toHaveCount(0);
  await expect(page.getByTestId("valuation-error").or(page.getByTestId("offers-error"))).toHaveCount(0);
  // The dashboard asked DIMO for nothing the grant does not allow.
  expect((await sandbox.control.stats()).paths[valuationsPath] ?? 0).toBe(before);
});

test("an unknown, never shared or malformed vehicle id is not found", async ({ page }) => {
  // A vehicle whose grant expired has a page of its own (e2e/vehicles.spec.ts).
  for (const id of [String(VEHICLE_IDS.notGranted), "abc", "0", "01"]) {
    const response = await page.goto(`/vehicles/${id}/value`);
    expect(response?.status(), `/vehicles/${id}/value`).toBe(404);
    await expect(page.getByTestId("not-found"), `/vehicles/${id}/value`).toBeVisible();
    await expect(page.getByTestId("valuation-panel")).toHaveCount(0);
  }
});
