import { expect, test } from "./fixtures/test";

test.describe("app shell", () => {
  test("renders the sidebar, the signed-in wallet and the network", async ({ page }) => {
    await page.goto("/developer");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav.getByRole("link", { name: "Vehicles", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Developer tools" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("signed-in-address")).toHaveText(/0x3fb8…d0bd/i);
    await expect(page.getByTestId("network-badge")).toHaveText("Sandbox");
    await expect(page.getByTestId("client-id")).toContainText("0x52D52df587cB2E014Ae81495D88c71c819779923");
    // The API key is the server's alone.
    expect(await page.content()).not.toContain("ea757b5c384365de686d9e1e05e541e6bed32df61be66ac55f48c40cab6d61c2");
  });

  test("the theme follows the system and can be switched", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/developer");
    const html = page.locator("html");
    const toggle = page.getByTestId("theme-toggle");
    await expect(toggle).toHaveAttribute("data-theme-choice", "system");
    await expect(html).toHaveClass(/dark/);

    await toggle.click();
    await expect(toggle).toHaveAttribute("data-theme-choice", "light");
    await expect(html).not.toHaveClass(/dark/);
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await toggle.click();
    await expect(toggle).toHaveAttribute("data-theme-choice", "dark");
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("data-theme-choice", "dark");
  });

  test("every page names an icon and a manifest that are served, and logs nothing to the console", async ({ page }) => {
    const logged: string[] = [];
    const failed: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") logged.push(`${page.url()}: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ["/vehicles", "/vehicles/21957/value", "/developer/activity"]) {
      await page.goto(path);
      await expect(page.getByTestId("signed-in-address")).toBeVisible();
      const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
      const manifest = await page.locator('link[rel="manifest"]').getAttribute("href");
      for (const href of [icon, manifest]) expect((await page.request.get(href ?? "/missing")).status()).toBe(200);
    }
    expect(logged).toEqual([]);
    expect(failed).toEqual([]);
  });

  test("an unknown page shows the not-found page, inside the app's frame", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Vehicles", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });
});
