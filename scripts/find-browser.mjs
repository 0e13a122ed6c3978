// Finds a Chromium. The browser tests and the map benches take Chromium's headless shell (findTestBrowser): it draws
// the same pages with the same Blink and SwiftShader, without the full browser's user interface, and so spends a
// third less CPU per test, which on two cores is the suite's time. Lighthouse and screenshots take the full browser
// (findBrowser). Each looks at CHROMIUM_PATH first; on a root machine with apt and no browser, installs Debian's
// package.
import { accessSync, constants } from "node:fs";
import { aptInstall, canInstallWithApt } from "./apt-install.mjs";

const FULL = { path: "/usr/bin/chromium", debianPackage: "chromium" };
const HEADLESS_SHELL = { path: "/usr/bin/chromium-headless-shell", debianPackage: "chromium-headless-shell" };

function executable(path) {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function playwrightsOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return executable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function installWithApt({ path, debianPackage }) {
  if (!canInstallWithApt()) return undefined;
  aptInstall(debianPackage);
  return executable(path) ? path : undefined;
}

function fromEnvironment() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (!fromEnv) return undefined;
  if (executable(fromEnv)) return fromEnv;
  throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
}

const NONE_FOUND =
  "No Chromium for the browser tests: install one (Debian/Ubuntu: sudo apt-get install chromium-headless-shell chromium) or set CHROMIUM_PATH to a Chromium executable.";

/** The full Chromium: CHROMIUM_PATH, Debian's, Playwright's own download, else Debian's installed with apt. */
export async function findBrowser() {
  const found =
    fromEnvironment() ??
    (executable(FULL.path) ? FULL.path : undefined) ??
    (await playwrightsOwn()) ??
    installWithApt(FULL);
  if (found) return found;
  throw new Error(NONE_FOUND);
}

/** The browser tests' Chromium: CHROMIUM_PATH, Debian's headless shell (installed with apt if it can be), else the full one. */
export async function findTestBrowser() {
  const found =
    fromEnvironment() ??
    (executable(HEADLESS_SHELL.path) ? HEADLESS_SHELL.path : undefined) ??
    installWithApt(HEADLESS_SHELL);
  return found ?? findBrowser();
}
