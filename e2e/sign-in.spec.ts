import { WALLETS, expect, test } from "./fixtures/test";

test.describe("sign-in", () => {
  test("a signed-out visit to a dashboard page goes to the login page and back after sign-in", async ({
    page,
    signInWithWallet,
  }) => {
    await page.goto("/developer");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdeveloper$/);
    await signInWithWallet(WALLETS.owner);
    // signInWithWallet opens /login itself, so the callback is gone; sign-in lands on the vehicles page.
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId("signed-in-address")).toHaveAttribute("title", WALLETS.owner.address.toLowerCase());
  });

  test("the license owner signs in with a browser wallet", async ({ page, signInWithWallet }) => {
    await signInWithWallet(WALLETS.owner);
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByText("License owner")).toBeVisible();
    await expect(page.locator('[data-testid="signed-in-with"]:visible')).toHaveText("Wallet");
  });

  test("an admin from DASHBOARD_ADMINS signs in", async ({ page, signInWithWallet }) => {
    await signInWithWallet(WALLETS.admin);
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId("signed-in-address")).toHaveAttribute("title", WALLETS.admin.address.toLowerCase());
    await expect(page.getByText("Admin", { exact: true })).toBeVisible();
  });

  test("a stranger's wallet is refused and learns nothing about the license", async ({ page, signInWithWallet }) => {
    await signInWithWallet(WALLETS.stranger);
    await expect(page.getByTestId("not-allowed")).toBeVisible();
    await expect(page.getByRole("heading", { name: "This wallet is not allowed" })).toBeVisible();
    await expect(page.getByTestId("not-allowed")).toContainText(WALLETS.stranger.address);
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/0x52D52df587cB2E014Ae81495D88c71c819779923/i);
    // And no session was made.
    await page.goto("/vehicles");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the demo wallet button signs in without a browser wallet", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId("signed-in-address")).toHaveAttribute("title", WALLETS.owner.address.toLowerCase());
  });

  test("sign-out ends the session", async ({ page, signInWithWallet }) => {
    await signInWithWallet(WALLETS.owner);
    await expect(page).toHaveURL(/\/vehicles$/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/developer");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the dashboard pages load no wagmi or viem; the login page does", async ({ page, signInWithWallet }) => {
    const scripts = new Map<string, string>();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script")
        scripts.set(response.url(), await response.text().catch(() => ""));
    });
    const walletCode = (texts: Iterable<string>) => [...texts].some((t) => /viem@(\d|\$\{)|wagmi@\d/.test(t));

    await signInWithWallet(WALLETS.owner);
    await expect(page).toHaveURL(/\/vehicles$/);
    // Positive control: the markers are found where they must be.
    expect(walletCode(scripts.values())).toBe(true);

    scripts.clear();
    const dashboard = await page.context().newPage();
    dashboard.on("response", async (response) => {
      if (response.request().resourceType() === "script")
        scripts.set(response.url(), await response.text().catch(() => ""));
    });
    for (const path of ["/vehicles", "/developer"]) {
      await dashboard.goto(path);
      await expect(dashboard.getByTestId("signed-in-address")).toBeVisible();
    }
    await dashboard.waitForLoadState("networkidle");
    expect(scripts.size).toBeGreaterThan(0);
    expect([...scripts.keys()].filter((url) => walletCode([scripts.get(url) ?? ""]))).toEqual([]);
  });
});
