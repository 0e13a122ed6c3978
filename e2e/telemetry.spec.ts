import { type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { expect, test } from "./fixtures/test";
import { TESLA, sandboxTrips } from "./fixtures/trips";
import { sandboxHistory, sandboxLatest } from "./fixtures/telemetry";

/**
 * The Overview and the segments source against the browser tests' sandbox: every value on the page is compared with
 * what the sandbox's Telemetry API itself answers, asked directly, never with numbers written here.
 */

const KEY_SIGNALS = [
  "speed",
  "powertrainTransmissionTravelledDistance",
  "powertrainTractionBatteryStateOfChargeCurrent",
  "powertrainFuelSystemRelativeLevel",
  "powertrainRange",
  "isIgnitionOn",
  "exteriorAirTemperature",
  "lowVoltageBatteryCurrentVoltage",
] as const;

async function openOverview(page: Page, tokenId: number): Promise<void> {
  await page.goto(`/vehicles/${tokenId}`);
  await expect(page.getByTestId("telemetry-overview")).toHaveAttribute("data-state", "ready");
}

/**
 * The Overview with its history panel hydrated: before that its controls are the server's HTML, and a choice made on
 * them is undone when React takes over.
 */
async function openHistory(page: Page, tokenId: number): Promise<void> {
  await openOverview(page, tokenId);
  await expect(page.getByTestId("history-panel")).toHaveAttribute("data-hydrated", "true");
}

const missingIn = (page: Page, card: string) => page.getByTestId(card).getByTestId("missing-privilege");

test.describe("the Overview", () => {
  test("shows the sandbox's latest values for a fully granted vehicle", async ({ page }) => {
    await openOverview(page, TESLA);
    const sandbox = await sandboxLatest(TESLA, [...KEY_SIGNALS, "currentLocationCoordinates"]);
    const latest = sandbox.signalsLatest;
    expect(latest?.lastSeen).toBeTruthy();

    await expect(page.getByTestId("last-seen")).toHaveAttribute("data-last-seen", latest?.lastSeen ?? "");
    await expect(page.getByTestId("last-seen")).toContainText(/ago|now/);
    for (const name of KEY_SIGNALS) {
      const value = latest?.[name];
      // Charge or fuel: the vehicle has one of them, and the page shows the one it has.
      if (!value && name.startsWith("powertrain") && /Level|Charge/.test(name)) continue;
      await expect(page.getByTestId(`figure-${name}`), name).toHaveAttribute(
        "data-value",
        value ? JSON.stringify(value.value) : "",
      );
    }
    const location = latest?.currentLocationCoordinates?.value as { latitude: number; longitude: number } | undefined;
    expect(location).toBeDefined();
    const text = page.getByTestId("location-text");
    await expect(text).toHaveAttribute("data-kind", "exact");
    await expect(text).toHaveAttribute("data-latitude", String(location?.latitude));
    await expect(text).toHaveAttribute("data-longitude", String(location?.longitude));
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-kind", "exact");

    await expect(page.getByTestId("summary-count")).toHaveAttribute(
      "data-count",
      String(sandbox.dataSummary?.numberOfSignals),
    );
    await expect(page.getByTestId("summary-first-seen")).toHaveAttribute(
      "data-iso",
      sandbox.dataSummary?.firstSeen ?? "",
    );
    const rows = page.getByTestId("signal-row");
    await expect(rows).toHaveCount(sandbox.availableSignals?.length ?? -1);
    for (const name of sandbox.availableSignals ?? [])
      await expect(rows.and(page.locator(`[data-signal="${name}"]`))).toHaveCount(1);
    await expect(page.getByTestId("figure-vin")).toHaveAttribute("data-value", /^[A-HJ-NPR-Z0-9]{17}$/);
    await expect(page.getByTestId("missing-privilege")).toHaveCount(0);
  });

  test("explains what a grant without non-location history (privilege 1) cannot show", async ({ page }) => {
    const tokenId = VEHICLE_IDS.noValuationPrivilege; // privilege 4 only
    await openOverview(page, tokenId);
    await expect(missingIn(page, "now-card").first()).toContainText("Non-location history (privilege 1)");
    await expect(missingIn(page, "now-card").filter({ hasText: "VIN credential (privilege 5)" })).toHaveCount(1);
    await expect(missingIn(page, "history-panel")).toContainText("Non-location history (privilege 1)");
    await expect(page.getByTestId("key-figures")).toHaveCount(0);
    // Its location is still there: privilege 4 allows it.
    const sandbox = await sandboxLatest(tokenId, ["currentLocationCoordinates"], [4]);
    const location = sandbox.signalsLatest?.currentLocationCoordinates?.value as { latitude: number } | undefined;
    await expect(page.getByTestId("location-text")).toHaveAttribute("data-latitude", String(location?.latitude));
  });

  test("explains what a grant without location history (privilege 4) cannot show", async ({ page }) => {
    const tokenId = VEHICLE_IDS.noTripsPrivilege; // privileges 1 and 5
    await openOverview(page, tokenId);
    await expect(missingIn(page, "location-card")).toContainText(
      "Approximate location (privilege 8) or Location history (privilege 4)",
    );
    await expect(page.getByTestId("location-map")).toHaveCount(0);
    const sandbox = await sandboxLatest(tokenId, ["speed"], [1]);
    await expect(page.getByTestId("figure-speed")).toHaveAttribute(
      "data-value",
      JSON.stringify(sandbox.signalsLatest?.speed?.value ?? ""),
    );
    await expect(missingIn(page, "now-card")).toHaveCount(0);

    await page.goto(`/vehicles/${tokenId}/trips?source=segments`);
    await expect(page.getByTestId("missing-privilege")).toContainText("Location history (privilege 4)");
    await expect(page.getByTestId("trips-source-segments")).toHaveAttribute("aria-current", "page");
  });

  test("shows only the approximate location, and says so, for a grant of privilege 8 alone", async ({ page }) => {
    const tokenId = VEHICLE_IDS.approximateLocationOnly;
    await openOverview(page, tokenId);
    const sandbox = await sandboxLatest(tokenId, ["currentLocationApproximateCoordinates"], [8]);
    const approximate = sandbox.signalsLatest?.currentLocationApproximateCoordinates?.value as
      { latitude: number; longitude: number } | undefined;
    expect(approximate).toBeDefined();
    const text = page.getByTestId("location-text");
    await expect(text).toHaveAttribute("data-kind", "approximate");
    await expect(text).toHaveAttribute("data-latitude", String(approximate?.latitude));
    await expect(text).toHaveAttribute("data-longitude", String(approximate?.longitude));
    await expect(text).toContainText("Approximately");
    await expect(page.getByTestId("approximate-note")).toContainText("only the approximate location (privilege 8)");
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-kind", "approximate");
    await expect(page.getByRole("region", { name: "Map of the vehicle's approximate location" })).toBeVisible();
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
    // The rest needs privileges 1 and 5, and says so where it would be.
    await expect(missingIn(page, "now-card").first()).toContainText("Non-location history (privilege 1)");
    await expect(missingIn(page, "now-card").filter({ hasText: "VIN credential (privilege 5)" })).toHaveCount(1);
    await expect(missingIn(page, "history-panel")).toContainText("Non-location history (privilege 1)");
    await expect(page.getByTestId("last-seen")).toHaveAttribute(
      "data-last-seen",
      sandbox.signalsLatest?.lastSeen ?? "",
    );
  });

  test("the history's signal and window can be chosen with the keyboard", async ({ page }) => {
    await openHistory(page, TESLA);
    const select = page.getByTestId("history-signal");
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await expect(select).not.toHaveValue("speed");
    const chosen = await select.inputValue();
    await expect(page.getByTestId("history-figure")).toHaveAttribute("data-signal", chosen);

    await page.getByTestId("history-window-24h").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("history-window-7d")).toBeChecked();
    await expect(page.getByTestId("history-figure")).toHaveAttribute("data-window", "7d");
  });

  test("draws the chosen signal's history and says how it was aggregated", async ({ page }) => {
    await openHistory(page, TESLA);
    const panel = page.getByTestId("history-panel");
    await expect(page.getByTestId("history-signal")).toHaveValue("speed");
    await page.getByTestId("history-window-7d").check({ force: true });
    const figure = panel.getByTestId("history-figure");
    await expect(figure).toHaveAttribute("data-window", "7d");
    await expect(figure).toHaveAttribute("data-signal", "speed");
    await expect(panel.getByTestId("history-caption")).toContainText("the highest value in each hour bucket");
    await expect(panel.getByTestId("history-caption")).toContainText("interval 1h, aggregation MAX");
    const chart = panel.getByTestId("history-chart");
    await expect(chart).toBeVisible();
    const drawn = Number(await chart.getAttribute("data-points"));
    expect(drawn).toBeGreaterThan(0);
    await expect(chart).toHaveAttribute("data-drawn", "true");
    // The newest trips within the week are marked along the time axis, as many as the sandbox has there.
    const [from, until] = [
      Date.parse((await chart.getAttribute("data-from")) ?? ""),
      Date.parse((await chart.getAttribute("data-to")) ?? ""),
    ];
    const { trips } = await sandboxTrips(TESLA, 1);
    const inWeek = trips.filter((trip) => Date.parse(trip.end.time) >= from && Date.parse(trip.start.time) <= until);
    await expect(chart).toHaveAttribute("data-trips", String(inWeek.length));
    expect(inWeek.length).toBeGreaterThan(0);

    // The sandbox's own buckets over the same week: the highest speed agrees (the window's edges may differ by a
    // bucket, which never holds the week's highest speed in the seed's driving).
    const to = new Date();
    const values = await sandboxHistory(
      TESLA,
      "speed",
      "MAX",
      "1h",
      new Date(to.getTime() - 7 * 86_400_000).toISOString(),
      to.toISOString(),
    );
    expect(Math.abs(values.length - drawn)).toBeLessThanOrEqual(1);
    const max = await page.evaluate(
      (v) => `${new Intl.NumberFormat().format(Math.round(v))} km/h`,
      Math.max(...values),
    );
    await expect(panel.getByTestId("history-max")).toHaveText(max);

    // Another signal, through the select.
    await page.getByTestId("history-signal").selectOption("exteriorAirTemperature");
    await expect(figure).toHaveAttribute("data-signal", "exteriorAirTemperature");
    await expect(panel.getByTestId("history-caption")).toContainText("the average in each hour bucket");
    await expect(panel.getByTestId("history-chart")).toHaveAttribute("data-label", "Outside temperature");
  });
});

test.describe("trips from telemetry segments", () => {
  test("list the same trips as the Trips API for the last 30 days", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/vehicles/${TESLA}/trips`);
    await page.getByTestId("trips-source-segments").click();
    await expect(page).toHaveURL(/\?source=segments$/);
    await expect(page.getByTestId("segments-view")).toHaveAttribute("data-page", "1");

    // Every page of segments, by the Next button (the `after` cursor).
    const shown: string[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      await expect(page.getByTestId("segments-view")).toHaveAttribute("data-page", String(pageNumber));
      shown.push(
        ...(await page
          .getByTestId("trip-row")
          .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-trip-id") ?? ""))),
      );
      if (await page.getByTestId("segments-next").isDisabled()) break;
      await page.getByTestId("segments-next").click();
    }
    const cutoff = Date.now() - 30 * 86_400_000 + 10 * 60_000;
    const segmentStarts = shown.map((id) => Date.parse(id.replace(/^segment-/, ""))).filter((time) => time > cutoff);

    // The Trips API's trips (newest first) back to the same cutoff.
    const tripStarts: number[] = [];
    for (let number = 1; ; number += 1) {
      const { trips, totalPages } = await sandboxTrips(TESLA, number);
      tripStarts.push(...trips.map((trip) => Date.parse(trip.start.time)));
      if (number >= totalPages || trips.some((trip) => Date.parse(trip.start.time) <= cutoff)) break;
    }
    const expected = tripStarts.filter((time) => time > cutoff).sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect(segmentStarts.sort((a, b) => a - b)).toEqual(expected);
    // The last page's trips are drawn on the trips map, as the Trips API's are.
    await expect(page.getByTestId("trips-map")).toHaveAttribute(
      "data-drawn-count",
      String(await page.getByTestId("trip-row").count()),
    );
  });
});
