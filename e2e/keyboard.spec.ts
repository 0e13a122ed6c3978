import { type Locator, type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { E2E_BASE_URL } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";

/**
 * The dashboard's journeys with the keyboard alone: no click anywhere. At every stop the focused element must show
 * a focus indicator (a solid outline at least 2 px wide, 3:1 against the surface behind it) and be the one expected.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The focused element's outline: its width, and its contrast with the first opaque background behind it. */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return null;
    const style = getComputedStyle(element);
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let surface: Element | null = element.parentElement;
    let background = "rgb(255, 255, 255)";
    while (surface) {
      const color = getComputedStyle(surface).backgroundColor;
      const [, , , alpha = 1] = rgb(color);
      if (color !== "transparent" && alpha > 0.5) {
        background = color;
        break;
      }
      surface = surface.parentElement;
    }
    if (!surface) background = getComputedStyle(document.body).backgroundColor;
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(background))];
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

async function expectFocusVisible(page: Page, what: string) {
  const indicator = await focusIndicator(page);
  expect(indicator, `focus indicator on ${what}`).not.toBeNull();
  expect(indicator?.style, `outline style on ${what}`).not.toBe("none");
  expect(indicator?.width ?? 0, `outline width on ${what}`).toBeGreaterThanOrEqual(2);
  // Buttons fade their colours in (outline included), so the ring is judged once it has arrived.
  await expect
    .poll(async () => (await focusIndicator(page))?.contrast ?? 0, { message: `outline contrast on ${what}` })
    .toBeGreaterThanOrEqual(3);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, then checks the focus is visible on it. */
async function tabTo(page: Page, target: Locator, what: string, { backwards = false, max = 80 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page, what);
      return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${what} never got the focus in ${max} presses of Tab`);
}

test("sign in with the demo wallet, with the keyboard alone", async ({ browser }) => {
  // Signed out: the project's signed-in state would otherwise be applied to this context too.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    const demo = page.getByRole("button", { name: "Use the demo wallet" });
    await expect(demo).toBeVisible();
    await tabTo(page, demo, "the demo wallet button");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/vehicles$/);
  } finally {
    await context.close();
  }
});

test("skip to the content, search the vehicles, open one and move through its tabs", async ({ page }) => {
  await page.goto("/vehicles");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expectFocusVisible(page, "the skip link");
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  const search = page.getByRole("searchbox", { name: "Search vehicles" });
  await tabTo(page, search, "the vehicle search");
  await page.keyboard.type("Camry");
  await expect(page.getByTestId("vehicle-row")).toHaveCount(1);
  const camry = page.getByTestId("vehicle-row").getByRole("link").first();
  await tabTo(page, camry, "the vehicle's link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.exactly100}$`));

  const valueTab = page.getByRole("navigation", { name: "Vehicle sections" }).getByRole("link", { name: "Value" });
  await tabTo(page, valueTab, "the Value tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.exactly100}/value`));
  await expect(valueTab).toHaveAttribute("aria-current", "page");
});

test("page through trips, type a page, and select a trip for the map", async ({ page }) => {
  const tesla = VEHICLE_IDS.manyTrips;
  await page.goto(`/vehicles/${tesla}/trips`);
  const list = page.getByTestId("trip-list");
  await expect(list).toHaveAttribute("data-page", "1");
  const pager = page.getByRole("navigation", { name: "Trip pages" });

  for (const [name, expected] of [
    ["Next page", "2"],
    ["Last page", "25"],
    ["Previous page", "24"],
    ["First page", "1"],
  ] as const) {
    const control = pager.getByRole("link", { name });
    // Forward to the controls after the page number, back to those before it.
    await tabTo(page, control, name, { backwards: name === "Previous page" || name === "First page" });
    await page.keyboard.press("Enter");
    await expect(list).toHaveAttribute("data-page", expected);
  }

  const input = pager.getByRole("textbox", { name: "Page number" });
  await tabTo(page, input, "the page number");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(list).toHaveAttribute("data-page", "7");
  await expect(page).toHaveURL(/page=7/);

  const third = page.getByTestId("trip-row").nth(2);
  const tripId = await third.getAttribute("data-trip-id");
  await tabTo(page, third.getByRole("button"), "the third trip");
  await page.keyboard.press("Enter");
  await expect(third.getByRole("button")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("trips-map")).toHaveAttribute("data-selected-trip", tripId ?? "");
  await expect(page.getByTestId("trips-announcement")).toContainText("Trip 603 selected");
});

test("request instant offers, and open and close the API calls drawer", async ({ page }) => {
  const vehicle = VEHICLE_IDS.locationAndHistoryOnly;
  await page.goto(`/vehicles/${vehicle}/value`);
  const request = page.getByTestId("request-offers");
  await tabTo(page, request, "Get instant offers");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("offer-card")).toHaveCount(3);
  // The button stays where it was when the offers arrive, and so does the focus.
  await expect(request).toBeFocused();

  const toggle = page.getByTestId("api-calls-toggle");
  await tabTo(page, toggle, "the API calls button", { backwards: true });
  await page.keyboard.press("Enter");
  const drawer = page.getByTestId("api-calls-drawer");
  await expect(drawer).toBeVisible();
  // Focus moves into the drawer, and Escape closes it and brings the focus back.
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expectFocusVisible(page, "the API calls button, after the drawer closed");
});

test("copy a value with its copy button", async ({ page }) => {
  await page.goto("/developer");
  const copy = page.getByRole("button", { name: "Copy client id" });
  await tabTo(page, copy, "the copy button");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("0x52D52df587cB2E014Ae81495D88c71c819779923");
});
