import { followCallLink } from "./fixtures/activity";
import { sandboxApi } from "./fixtures/sandbox-api";
import { expect, test } from "./fixtures/test";

/**
 * A page whose DIMO read fails shows the error in the app's frame, as panels do: the service and status, what to do,
 * a retry only when it can help, and the link to the call. Runs alone: an identity fault is felt by every page.
 */

const sandbox = sandboxApi();
// Each fault names the query it is for: the dashboard also asks the identity API who owns the license, every few
// minutes and beside the page's own query, and that lookup must not spend a fault meant for the page.
const VEHICLE_LIST = { method: "POST", path: "/identity/query", graphqlField: "vehicles" } as const;
const ONE_VEHICLE = { method: "POST", path: "/identity/query", graphqlField: "vehicle" } as const;

test.afterEach(async () => {
  await sandbox.control.clearFaults();
});

test("a failed identity call keeps the app's frame, names the service and status, and links to the call", async ({
  page,
}) => {
  // The list as read once: opening it again looks at the top of DIMO's list, which fails.
  await page.goto("/vehicles");
  const rows = page.getByTestId("vehicle-row");
  await expect(rows.first()).toBeVisible();
  const listed = await rows.count();
  await sandbox.control.injectFault({
    ...VEHICLE_LIST,
    status: 500,
    body: { message: "injected identity failure" },
    times: 1,
  });
  await page.goto("/vehicles");
  const failure = page.getByTestId("page-error");
  await expect(failure).toContainText("The vehicles could not be refreshed; the list is as last read.");
  // Nothing is lost: the list read before stays below the error.
  await expect(rows).toHaveCount(listed);
  await expect(failure).toContainText("DIMO's identity service failed while answering (500).");
  await expect(failure).toHaveAttribute("data-retryable", "false");
  // A 500 is not worth another try: neither words nor a button invite one.
  await expect(failure).not.toContainText(/try again/i);
  await expect(failure.getByTestId("error-retry")).toHaveCount(0);
  // The frame stays: the page's own heading, the navigation and the sign-out.
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: /sign out/i }).first()).toBeAttached();
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toHaveCount(0);

  const detail = await followCallLink(page, failure, "500");
  await expect(detail.getByTestId("activity-detail-response-body")).toContainText("injected identity failure");
});

test("a busy identity service offers a retry, and the retry brings the page back without a reload", async ({
  page,
}) => {
  // Three answers of 503: the client's own attempts (one and two retries) all meet the fault.
  await sandbox.control.injectFault({ ...VEHICLE_LIST, status: 503, times: 3 });
  await page.goto("/vehicles");
  const failure = page.getByTestId("page-error");
  await expect(failure).toContainText("DIMO's identity service is not answering (503). Try again in a moment.");
  await expect(failure).toHaveAttribute("data-retryable", "true");
  await expect(failure.getByTestId("call-link")).toBeVisible();

  // The page is not loaded again: a marker on the window survives the retry.
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await failure.getByTestId("error-retry").click();
  await expect(page.getByTestId("vehicle-row").first()).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry)).toBe(true);
});

test("a vehicle whose identity lookup fails shows the error in the vehicle's frame, not the not-found or crash page", async ({
  page,
}) => {
  // An id no other test asks about, so no grant the dashboard keeps answers for DIMO.
  const tokenId = 77_777_771;
  await sandbox.control.injectFault({ ...ONE_VEHICLE, status: 500, times: 1 });
  await page.goto(`/vehicles/${tokenId}/trips`);
  const failure = page.getByTestId("page-error");
  await expect(failure).toContainText("This vehicle could not be loaded.");
  await expect(failure).toContainText("DIMO's identity service failed while answering (500).");
  await expect(failure.getByTestId("call-link")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Vehicle ${tokenId}`);
  await expect(page.getByRole("link", { name: "All vehicles" })).toBeVisible();
  await expect(page.getByTestId("not-found")).toHaveCount(0);
  await expect(page.getByTestId("vehicle-header")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toHaveCount(0);

  // Once DIMO answers, the same address is the not-found page it always was for an unknown id.
  await sandbox.control.clearFaults();
  const response = await page.goto(`/vehicles/${tokenId}/trips`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
});
