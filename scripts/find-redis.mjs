#!/usr/bin/env node
// Finds the redis-server the shared-state tests start (REDIS_SERVER_PATH, then Debian's /usr/bin/redis-server). On a
// root machine with apt and none of these, installs Debian's redis-server package, as find-browser.mjs does for
// Chromium. Never starts a system service: the tests run their own server on a free port.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

const DEBIAN_PATH = "/usr/bin/redis-server";

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findRedisServer() {
  const fromEnv = process.env.REDIS_SERVER_PATH;
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`REDIS_SERVER_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  if (executable(DEBIAN_PATH)) return DEBIAN_PATH;
  if (process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0) {
    console.log("No redis-server found: installing Debian's redis-server package (apt-get install redis-server)…");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "redis-server"], {
      stdio: "inherit",
      env: aptEnv,
    });
    if (executable(DEBIAN_PATH)) return DEBIAN_PATH;
  }
  throw new Error(
    "No redis-server for the shared-state tests: install one (Debian/Ubuntu: sudo apt-get install redis-server) or set REDIS_SERVER_PATH.",
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    findRedisServer();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
