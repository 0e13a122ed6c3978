#!/usr/bin/env node
// Finds the redis-server the shared-state tests start (REDIS_SERVER_PATH, then Debian's /usr/bin/redis-server). On a
// root machine with apt and none of these, installs Debian's redis-server package, as find-browser.mjs does for
// Chromium. Never starts a system service: the tests run their own server on a free port.
import { accessSync, constants } from "node:fs";
import { aptInstall, canInstallWithApt } from "./apt-install.mjs";
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
  if (canInstallWithApt()) {
    aptInstall("redis-server", { extraArgs: ["--no-install-recommends"] });
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
