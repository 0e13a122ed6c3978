// Finds a Chromium for the browser tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own
// download. On a root machine with apt and none of these, installs Debian's chromium.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

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

function canInstallWithApt() {
  return process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
}

export async function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  const own = await playwrightsOwn();
  if (own) return own;
  if (canInstallWithApt()) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install chromium)…");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: aptEnv });
    if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "No Chromium for the browser tests: install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.",
  );
}
