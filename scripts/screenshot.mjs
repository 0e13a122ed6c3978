#!/usr/bin/env node
// Takes the README's screenshot from a running dashboard (`npm run dev` in another terminal): signs in with the
// sandbox's demo wallet and captures a vehicle's trips page. Usage: node scripts/screenshot.mjs [baseUrl] [out.png]
import { chromium } from "@playwright/test";
import { findBrowser } from "./find-browser.mjs";

const baseUrl = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "docs/screenshot.png";

const browser = await chromium.launch({
  executablePath: await findBrowser(),
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("button", { name: "Use the demo wallet" }).click();
  await page.waitForURL(/\/vehicles$/);
  await page.goto(`${baseUrl}/vehicles/21957/trips?page=2`);
  await page.getByTestId("trips-map").and(page.locator("[data-drawn-count='100']")).waitFor({ timeout: 60_000 });
  await page.getByTestId("trip-row").nth(2).click();
  await page.waitForTimeout(1_000); // let the map finish easing to the selected trip
  await page.screenshot({ path: out });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
}
