import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "./index";

let cached: string | undefined;

/**
 * The server's secret: it signs session cookies (lib/auth) and seals the API keys the dashboard makes (lib/dimo/
 * api-keys). Production requires AUTH_SECRET (the config refuses to start without it); in sandbox mode one is
 * generated on first use and kept in the sandbox data folder, so sessions and sealed keys survive restarts.
 */
export function getServerSecret(): string {
  if (cached) return cached;
  const config = getConfig();
  if (config.authSecret) return (cached = config.authSecret);

  const file = path.resolve(config.sandboxDataDir, "auth-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return (cached = stored);
  } catch {
    // Not generated yet.
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return (cached = secret);
}
