import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import playwrightConfig from "@/playwright.config";
import { registerCleanup } from "@/test-support/processes";

/**
 * Chromium for the map measurement: the browser the browser tests use (scripts/find-browser.mjs, the headless shell)
 * with their launch flags (playwright.config.ts), so WebGL runs the same way (SwiftShader, headless).
 */

type FindTestBrowser = () => Promise<string>;

/** Closing the browser also unregisters it; on Ctrl-C the bench's own handler closes it with the servers. */
export async function launchChromium(): Promise<Browser> {
  // A plain-JavaScript module shared with the npm scripts; imported by URL since it ships no type declarations.
  const finder = (await import(pathToFileURL(resolve("scripts/find-browser.mjs")).href)) as {
    findTestBrowser: FindTestBrowser;
  };
  const executablePath = await finder.findTestBrowser();
  const args = playwrightConfig.use?.launchOptions?.args ?? [];
  // Playwright's own signal handlers would exit the process before the servers are stopped.
  const browser = await chromium.launch({
    executablePath,
    args,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const unregister = registerCleanup(() => browser.close());
  browser.on("disconnected", unregister);
  return browser;
}
