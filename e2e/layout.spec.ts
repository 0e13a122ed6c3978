import { type Browser, type Page, type TestInfo } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { enableTestHooks } from "@/test-support/test-hooks";
import { OWNER_STATE_PATH } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";
import { TESLA, expectListPage } from "./fixtures/trips";

/**
 * The layout at a phone's size and a laptop's: no page is wider than the screen, and the trips map is in the first
 * screen on both (sticky on top of a phone's list, beside the list and above the fold on a 1400x900 screen). With
 * E2E_SCREENSHOTS=1, a full-page screenshot of every page, on a laptop in the light theme and on a phone in the dark
 * one, is kept with the test's results: off by default, since nothing reads them in a plain run and each one lays out
 * and draws the whole page, maps included, once more.
 */
const KEEP_SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

const CAMRY = VEHICLE_IDS.exactly100;
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1400, height: 900 } },
} as const;
type SizeName = keyof typeof SIZES;

interface Screen {
  name: string;
  path: string;
  /** Resolves once the page shows what it is for (data, not a skeleton). */
  ready: (page: Page) => Promise<void>;
}

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible();
};

const SCREENS: readonly Screen[] = [
  { name: "vehicles", path: "/vehicles", ready: visible("vehicle-row") },
  {
    name: "overview",
    path: `/vehicles/${TESLA}`,
    ready: async (page) => {
      await expect(page.getByTestId("telemetry-overview")).toBeVisible();
      // The location map loads when it comes into view (below the fold on a phone): the screenshot shows it drawn.
      await page.getByTestId("location-card").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: "trips",
    path: `/vehicles/${TESLA}/trips`,
    ready: async (page) => {
      await expectListPage(page, 1);
      await expect(page.getByTestId("trips-map")).toHaveAttribute("data-state", "ready");
    },
  },
  {
    name: "all-trips",
    path: `/vehicles/${CAMRY}/trips/all`,
    ready: async (page) => {
      await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "done");
      await expect(page.getByTestId("busiest-place").first()).toBeVisible();
    },
  },
  {
    name: "value",
    path: `/vehicles/${TESLA}/value`,
    ready: async (page) => {
      const offers = page.getByTestId("offers-panel");
      await expect(offers.getByTestId("offers-list").or(offers.getByTestId("offers-empty"))).toBeVisible();
    },
  },
  { name: "developer", path: "/developer", ready: visible("client-id") },
  {
    name: "activity",
    path: "/developer/activity",
    ready: async (page) => {
      await expect(page.getByTestId("activity-log")).toHaveAttribute("data-loaded", "true");
    },
  },
  {
    name: "tokens",
    path: "/developer/tokens",
    ready: async (page) => {
      await expect(page.getByTestId("token-inspector")).toHaveAttribute("data-hydrated", "true");
    },
  },
  { name: "vehicle-not-found", path: "/vehicles/999999", ready: visible("not-found") },
  { name: "page-not-found", path: "/no-such-page", ready: visible("not-found") },
];

/**
 * Every rendered element that reaches past the viewport's left or right edge, described by tag, test id and classes,
 * and the document's own overflow. Elements clipped away (sr-only, zero-sized, or inside a sideways-scrolling row that
 * itself fits the screen) or not rendered are not seen, so are not counted.
 */
function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const insideScrollerOnScreen = (element: Element, width: number) => {
      for (
        let ancestor = element.parentElement;
        ancestor && ancestor !== document.body;
        ancestor = ancestor.parentElement
      ) {
        if (getComputedStyle(ancestor).overflowX === "visible") continue;
        const box = ancestor.getBoundingClientRect();
        return box.right <= width + 0.5 && box.left >= -0.5;
      }
      return false;
    };
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`document is ${document.documentElement.scrollWidth} px wide, viewport ${width} px`);
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.right <= width + 0.5 && rect.left >= -0.5) continue;
      // Not rendered: under visibility: hidden, or in a closed <details> (laid out, but its content is skipped).
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      // Clipped to nothing (a skip link until it has the focus): not seen, so not in the way.
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
      // Inside a row that scrolls sideways within the screen (the tabs): clipped to the row, reached by scrolling it.
      if (insideScrollerOnScreen(element, width)) continue;
      const testId = element.getAttribute("data-testid");
      const classes = typeof element.className === "string" ? element.className.slice(0, 80) : "";
      found.push(
        `<${element.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ""} class="${classes}"> ${Math.round(rect.left)}–${Math.round(rect.right)}`,
      );
    }
    return found.slice(0, 12);
  });
}

async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function newPageAt(browser: Browser, size: SizeName, colorScheme: "light" | "dark"): Promise<Page> {
  const context = await browser.newContext({ ...SIZES[size], colorScheme, storageState: OWNER_STATE_PATH });
  const page = await context.newPage();
  await enableTestHooks(page);
  return page;
}

// Each size once and each theme once, not every pairing: a theme changes colours, not widths (the dark theme's map
// control has its own test below), and each pairing loads every page, maps included, once more.
const LAYOUTS: ReadonlyArray<readonly [SizeName, "light" | "dark"]> = [
  ["desktop", "light"],
  ["phone", "dark"],
];

for (const [size, colorScheme] of LAYOUTS) {
  test(`at ${size} size no page is wider than the screen (${colorScheme})`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const page = await newPageAt(browser, size, colorScheme);
    const overflowing: Record<string, string[]> = {};
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      const found = await horizontalOverflow(page);
      if (found.length > 0) overflowing[screen.name] = found;
      if (KEEP_SCREENSHOTS) await saveScreenshot(page, testInfo, `${screen.name}-${size}-${colorScheme}`);
    }
    expect(overflowing).toEqual({});
    await page.context().close();
  });
}

test("on a phone the trips map is in the first screen and stays there; a tapped trip shows on it", async ({
  browser,
}) => {
  const page = await newPageAt(browser, "phone", "light");
  await page.goto(`/vehicles/${TESLA}/trips`);
  await expectListPage(page, 1);
  const map = page.getByTestId("trips-map");
  await expect(map).toHaveAttribute("data-state", "ready");
  await expectInFirstScreen(page, map);

  // A trip far down the list: the page scrolls to it, and the map, sticky at the top, is still in view and shows it.
  const row = page.getByTestId("trip-row").nth(40);
  const tripId = (await row.getAttribute("data-trip-id")) ?? "";
  await row.getByRole("button").tap();
  await expect(row).toHaveAttribute("data-selected", "true");
  await expect(map).toHaveAttribute("data-selected-trip", tripId);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectInViewport(page, map);
  // The selected row is not hidden under the map.
  const [mapBox, rowBox] = await Promise.all([map.boundingBox(), row.boundingBox()]);
  if (!mapBox || !rowBox) throw new Error("no box for the map or the row");
  expect(rowBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
  await page.context().close();
});

test("on a phone the menu opens before the page's script has run, and closes on Escape and on a new page", async ({
  browser,
}) => {
  // With no script at all: what a tap does while a slow phone is still loading it.
  const bare = await browser.newContext({ ...SIZES.phone, javaScriptEnabled: false, storageState: OWNER_STATE_PATH });
  const before = await bare.newPage();
  await before.goto("/vehicles");
  const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(mobileNav(before)).toBeHidden();
  await before.getByTestId("mobile-menu-toggle").tap();
  await expect(mobileNav(before).getByRole("link", { name: "Developer tools" })).toBeVisible();
  await bare.close();

  const page = await newPageAt(browser, "phone", "light");
  await page.goto("/vehicles");
  await expect(page.getByTestId("vehicle-row").first()).toBeVisible();
  const toggle = page.getByTestId("mobile-menu-toggle");
  await toggle.tap();
  await mobileNav(page).getByRole("link", { name: "Developer tools" }).focus();
  await page.keyboard.press("Escape");
  await expect(mobileNav(page)).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.tap();
  await mobileNav(page).getByRole("link", { name: "Developer tools" }).tap();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(mobileNav(page)).toBeHidden();
  await page.context().close();
});

test("at 1400x900 the vehicle page fits: a compact header, every tab, and the trips map's bottom above the fold", async ({
  browser,
}, testInfo) => {
  const page = await newPageAt(browser, "desktop", "light");
  await page.goto(`/vehicles/${TESLA}/trips`);
  await expectListPage(page, 1);
  const header = page.getByTestId("vehicle-header");
  const headerBox = await header.boundingBox();
  expect(headerBox?.height ?? Infinity).toBeLessThanOrEqual(80);

  const tabs = page.getByRole("navigation", { name: "Vehicle sections" });
  await expect(tabs.getByRole("link")).toHaveText([
    "Overview",
    "Trips",
    "All trips",
    "Value",
    "Attestations",
    "Raw data",
  ]);
  await expect(tabs.getByRole("link", { name: "Trips", exact: true })).toHaveAttribute("aria-current", "page");
  // "API calls" stands in the tab row, not on a row of its own.
  const [tabsBox, toggleBox] = await Promise.all([
    tabs.boundingBox(),
    page.getByTestId("api-calls-toggle").boundingBox(),
  ]);
  expect(tabsBox && toggleBox && Math.abs(tabsBox.y + tabsBox.height - (toggleBox.y + toggleBox.height)) < 12).toBe(
    true,
  );

  const map = page.getByTestId("trips-map");
  await expect(map).toHaveAttribute("data-state", "ready");
  await expectInFirstScreen(page, map);
  // Beside the list, not under it.
  const [mapBox, listBox] = await Promise.all([map.boundingBox(), page.getByTestId("trip-list").boundingBox()]);
  expect(mapBox && listBox && mapBox.x >= listBox.x + listBox.width && mapBox.height >= 350).toBe(true);

  // The first screen with a trip selected: the README's screenshot (docs/screenshot.png) is this one.
  const row = page.getByTestId("trip-row").nth(2);
  await row.getByRole("button").click();
  await expect(map).toHaveAttribute("data-selected-trip", (await row.getAttribute("data-trip-id")) ?? "");
  await page.mouse.move(0, 0);
  const path = testInfo.outputPath("readme-trips-1400x900.png");
  await page.screenshot({ path });
  await testInfo.attach("readme-trips-1400x900", { path, contentType: "image/png" });

  // All trips is a tab of its own: there Trips is not the current one.
  await tabs.getByRole("link", { name: "All trips" }).click();
  await expect(tabs.getByRole("link", { name: "All trips" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Trips", exact: true })).not.toHaveAttribute("aria-current", "page");
  await page.context().close();
});

/** Wholly inside the first screen, with the page not scrolled. */
async function expectInFirstScreen(page: Page, locator: ReturnType<Page["getByTestId"]>): Promise<void> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectInViewport(page, locator);
}

async function expectInViewport(page: Page, locator: ReturnType<Page["getByTestId"]>): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error("no box for the map, or no viewport");
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

test("in the dark theme the map's zoom control is dark too", async ({ browser }) => {
  const page = await newPageAt(browser, "desktop", "dark");
  await page.goto(`/vehicles/${TESLA}/trips`);
  const map = page.getByTestId("trips-map");
  await expect(map).toHaveAttribute("data-state", "ready");
  const zoom = map.locator(".maplibregl-ctrl-group").first();
  const background = await zoom.evaluate((element) => getComputedStyle(element).backgroundColor);
  const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(255, 255, 255)");
  expect(body).not.toBe("rgb(255, 255, 255)");
  await page.context().close();
});
