import "server-only";
import { ConfigError, parseConfig } from "./parse";
import { type AppConfig } from "./types";

/**
 * The one place that reads process.env. Everything is validated once; a wrong value stops start-up with a message
 * that names the variable and says how to fix it. With no configuration the dashboard talks to the local sandbox
 * with the sandbox's demo Developer License.
 */

export type { AppConfig, DimoEnv, DimoUrls } from "./types";
export { DIMO_LOGIN_CALLBACK_PATH, PRESET_LOGIN_URLS, PRESET_URLS } from "./presets";
export { ConfigError, parseConfig } from "./parse";

let cached: AppConfig | undefined;

/** The validated configuration of this process, parsed on first use. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Facts about the configuration that pages may show: never the API key. */
export function publicConfig() {
  const config = getConfig();
  return {
    network: config.env,
    clientId: config.license.clientId,
    mapStyleUrl: config.mapStyleUrl,
  } as const;
}

/** next-auth reads NEXTAUTH_URL itself; hand it the validated public URL so it never guesses one from a request. */
export function shareNextAuthUrl(config: AppConfig): void {
  process.env.NEXTAUTH_URL ??= config.publicUrl;
}

/** At server start-up: a wrong configuration stops the process with a message naming the variable and the fix. */
export function validateConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\n\nSee .env.example and docs/configuration.md.\n`);
    process.exit(1);
  }
}
