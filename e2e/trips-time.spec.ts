import { type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { expect, test } from "./fixtures/test";
import { type SandboxTrip, TESLA, expectListPage, openTrips, sandboxTrips } from "./fixtures/trips";

/**
 * Time on the trips pages: jumping to a date (checked against every trip the sandbox serves), times that name their
 * zone with a local / UTC switch kept across reloads, and the question asked before a 1,000-page history is read.
 */

const DAY_MS = 86_400_000;

let everyTrip: Promise<SandboxTrip[]> | undefined;
/** The 2,500-trip vehicle's trips as the sandbox pages them, newest first. */
function allTeslaTrips(): Promise<SandboxTrip[]> {
  everyTrip ??= (async () => {
    const first = await sandboxTrips(TESLA, 1);
    const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => sandboxTrips(TESLA, i + 2)));
    return [first, ...rest].flatMap((page) => page.trips);
  })();
  return everyTrip;
}

/** Where a UTC day must land: the page of the newest trip that starts before the day ends, and that trip if it is the day's. */
async function expectedLanding(day: string): Promise<{ page: number; tripId: string | null }> {
  const from = Date.parse(`${day}T00:00:00Z`);
  const trips = await allTeslaTrips();
  const index = trips.findIndex((trip) => Date.parse(trip.start.time) < from + DAY_MS);
  if (index < 0) throw new Error(`no trip before the end of ${day}`);
  const trip = trips[index];
  return { page: Math.floor(index / 100) + 1, tripId: trip && Date.parse(trip.start.time) >= from ? trip.id : null };
}

async function jumpTo(page: Page, day: string): Promise<void> {
  await page.getByTestId("date-jump-input").fill(day);
  await page.getByTestId("date-jump-go").click();
}

test.describe("jump to a date", () => {
  // The days typed are local days: in UTC they are computed here the same way.
  test.use({ timezoneId: "UTC" });

  test("lands on the page holding the day, with the day's newest trip selected, the URL ending as a page's", async ({
    page,
  }) => {
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    await expect(page.getByTestId("trips-view")).toHaveAttribute("data-hydrated", "true");

    // A day deep in the history (page 17), and one a few pages in.
    for (const source of [
      { page: 17, index: 40 },
      { page: 4, index: 99 },
    ]) {
      const trip = (await sandboxTrips(TESLA, source.page)).trips[source.index];
      if (!trip) throw new Error("the sandbox should have that trip");
      const day = trip.start.time.slice(0, 10);
      const landing = await expectedLanding(day);
      if (landing.tripId === null) throw new Error(`${day} should have a trip`);
      await jumpTo(page, day);
      await expect(page).toHaveURL(new RegExp(`\\?page=${landing.page}&trip=${landing.tripId}$`));
      await expectListPage(page, landing.page);
      const row = page.locator(`[data-testid="trip-row"][data-trip-id="${landing.tripId}"]`);
      await expect(row).toHaveAttribute("data-selected", "true");
      await expect(page.getByTestId("date-jump-problem")).toHaveCount(0);
    }

    // Back walks to where the jump started.
    await page.goBack();
    await expect(page).toHaveURL(/\?page=17&trip=/);
  });

  test("a date that is not one, or outside the vehicle's trips, is said and changes nothing", async ({ page }) => {
    await openTrips(page, TESLA, "?page=3");
    await expectListPage(page, 3);
    await expect(page.getByTestId("trips-view")).toHaveAttribute("data-hydrated", "true");
    const trips = await allTeslaTrips();
    const newest = trips[0]?.start.time ?? "";
    const oldest = trips.at(-1)?.start.time ?? "";

    const cases: Array<[string, RegExp]> = [
      ["2025-02-30", /“2025-02-30” is not a date/],
      ["next tuesday", /is not a date: enter one as YYYY-MM-DD/],
      ["", /Enter a date/],
      [new Date(Date.parse(oldest) - 3 * DAY_MS).toISOString().slice(0, 10), /is before this vehicle's first trip/],
      [new Date(Date.parse(newest) + 3 * DAY_MS).toISOString().slice(0, 10), /is after this vehicle's latest trip/],
    ];
    for (const [typed, message] of cases) {
      await jumpTo(page, typed);
      await expect(page.getByTestId("date-jump-problem")).toHaveText(message);
      await expect(page.getByTestId("date-jump-input")).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\?page=3$/);
      await expectListPage(page, 3);
    }
  });
});

test.describe("times name their zone, in the viewer's zone or UTC", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-US" });

  test("the switch shows every time in UTC, is kept across a reload and on the Overview, and hydration agrees", async ({
    page,
  }) => {
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const times = page.getByTestId("trip-times").first();
    // New York's own zone, named: EST or EDT depending on the date.
    await expect(times).toHaveText(/\bE[SD]T\b/);
    await expect(page.getByTestId("time-zone-local")).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("time-zone-utc").click();
    await expect(page.getByTestId("time-zone-utc")).toHaveAttribute("aria-pressed", "true");
    await expect(times).toHaveText(/UTC/);
    await expect(times).not.toHaveText(/\bE[SD]T\b/);
    const newest = (await sandboxTrips(TESLA, 1)).trips[0];
    const utcStart = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat("en-US", {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZone: "UTC",
          timeZoneName: "short",
        }).format(new Date(iso)),
      newest?.start.time ?? "",
    );
    await expect(times).toContainText(utcStart);

    await page.reload();
    await expectListPage(page, 1);
    await expect(page.getByTestId("time-zone-utc")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("trip-times").first()).toContainText(utcStart);

    // The Overview follows the same choice.
    await page.goto(`/vehicles/${TESLA}`);
    await expect(page.getByTestId("summary-first-seen")).toHaveText(/UTC$/);
    await page.getByTestId("time-zone-local").click();
    await expect(page.getByTestId("summary-first-seen")).toHaveText(/\bE[SD]T$/);
    expect(hydrationErrors).toEqual([]);
  });
});

test.describe("a 1,000-page history", () => {
  test("says what loading all trips costs before it starts, and a time window reads only its pages", async ({
    page,
  }) => {
    await openTrips(page, VEHICLE_IDS.perf);
    await expectListPage(page, 1);
    // Said on the trips page beside the link already: 1,000 pages at 9 requests a second.
    await expect(page.getByTestId("all-trips-link-cost")).toHaveText("All 1,000 pages: 1,000 requests, about 2 min");

    await page.getByTestId("all-trips-link").click();
    const view = page.getByTestId("all-trips-view");
    await expect(view).toHaveAttribute("data-status", "waiting");
    const warning = page.getByTestId("all-trips-warning");
    await expect(warning).toHaveAttribute("data-requests", "1000");
    await expect(warning).toHaveAttribute("data-seconds", "111");
    await expect(page.getByTestId("all-trips-warning-cost")).toHaveText("1,000 requests, about 2 min");
    await expect(warning).toContainText("about 100,000 trips on 1,000 pages");
    // Nothing is read while it asks, once the page has hydrated (its buttons are enabled then) and could have.
    await expect(page.getByTestId("all-trips-warning-30d")).toBeEnabled();
    await expect(view).toHaveAttribute("data-status", "waiting");

    await page.getByTestId("all-trips-warning-30d").click();
    await expect(page).toHaveURL(/range=30d/);
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(view).not.toHaveAttribute("data-since", "");
    const status = page.getByTestId("all-trips-status");
    await expect(status).toContainText(
      /trips on the map, in the last 30 days \(\d+ of 1,000 pages read: the older ones are outside the window\)/,
    );
    const pagesRead = Number((/\((\d+) of 1,000 pages/.exec((await status.textContent()) ?? "") ?? [])[1]);
    // 100,000 trips over 1,700 days: about 59 a day, so 30 days are about 18 pages.
    expect(pagesRead).toBeGreaterThan(0);
    expect(pagesRead).toBeLessThan(60);
    expect(Number(await view.getAttribute("data-shown"))).toBeGreaterThan(0);

    // Everything again asks first.
    await page.getByTestId("time-window-all").click();
    await expect(view).toHaveAttribute("data-status", "waiting");
  });
});
