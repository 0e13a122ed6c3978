import { SANDBOX_DEFAULT_PORT } from "@/lib/demo-license";
import { MAX_FLEET_SIZE } from "./seed/fleet";
import { isSandboxProfile, SANDBOX_PROFILES } from "./profile";
import { type SandboxStartOptions } from "./server";

export const USAGE = `Usage: tsx sandbox/main.ts [options]

  --port N                 port to listen on (default ${SANDBOX_DEFAULT_PORT}, or SANDBOX_PORT; 0 = any free port)
  --host H                 address to bind (default 127.0.0.1)
  --data-dir DIR           where sandbox.db lives (default .sandbox, or SANDBOX_DATA_DIR)
  --reset                  throw the data away and seed afresh (the chain too; otherwise it is kept)
  --cache-dir DIR          where the compiled contract and the seeded chain are cached (default: the data folder)
  --profile P              default, or realistic: behave like the real network (HTML auth errors, its rate
                           limits with 429/503, minute-long instant offers refused again within 7 days,
                           offers kept with blanked links, plain-text trips errors)
  --instant-offer-delay MS how long an instant-offer request takes (default 1500; 60000 when realistic)
  --redirect-uri URI       also register URI as a redirect URI of the demo license (repeatable), e.g.
                           http://localhost:3100/login/dimo for Sign in with DIMO from a dashboard on port 3100
  --fleet N                seed N more vehicles shared with the demo license (0 to ${MAX_FLEET_SIZE}, or SANDBOX_FLEET;
                           default 0); a data folder seeded with another fleet is seeded again
  --rate-limit             limit requests per second per token, 429 with Retry-After (default profile)
  --no-live                the live vehicle stays parked: no drives as the clock passes (or SANDBOX_LIVE=0)
  --quiet                  no start-up line
  --help                   this text`;

export class CliError extends Error {}

function integer(flag: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new CliError(`${flag} needs a whole number from ${min} to ${max}, got ${value ?? "nothing"}.`);
  }
  return Number(value);
}

/** Reads the command line and the four environment variables into start options; `help` when asked for usage. */
export function parseCliOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): SandboxStartOptions | "help" {
  const options: SandboxStartOptions = {};
  if (env.SANDBOX_PORT) options.port = integer("SANDBOX_PORT", env.SANDBOX_PORT, 0, 65535);
  if (env.SANDBOX_DATA_DIR) options.dataDir = env.SANDBOX_DATA_DIR;
  if (env.SANDBOX_FLEET) options.fleet = integer("SANDBOX_FLEET", env.SANDBOX_FLEET, 0, MAX_FLEET_SIZE);
  if (env.SANDBOX_LIVE) options.live = integer("SANDBOX_LIVE", env.SANDBOX_LIVE, 0, 1) === 1;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i++;
      return argv[i];
    };
    switch (flag) {
      case "--port":
        options.port = integer("--port", value(), 0, 65535);
        break;
      case "--host": {
        const host = value();
        if (!host) throw new CliError("--host needs an address.");
        options.host = host;
        break;
      }
      case "--data-dir": {
        const dir = value();
        if (!dir) throw new CliError("--data-dir needs a folder.");
        options.dataDir = dir;
        break;
      }
      case "--cache-dir": {
        const dir = value();
        if (!dir) throw new CliError("--cache-dir needs a folder.");
        options.cacheDir = dir;
        break;
      }
      case "--instant-offer-delay":
        options.instantOfferDelayMs = integer("--instant-offer-delay", value(), 0, 600_000);
        break;
      case "--profile": {
        const profile = value();
        if (profile === undefined || !isSandboxProfile(profile)) {
          throw new CliError(`--profile needs one of ${SANDBOX_PROFILES.join(", ")}, got ${profile ?? "nothing"}.`);
        }
        options.profile = profile;
        break;
      }
      case "--redirect-uri": {
        const uri = value();
        if (!uri || !/^https?:\/\/[^\s]+$/.test(uri))
          throw new CliError(`--redirect-uri needs an http(s) URL, got ${uri ?? "nothing"}.`);
        options.redirectUris = [...(options.redirectUris ?? []), uri];
        break;
      }
      case "--fleet":
        options.fleet = integer("--fleet", value(), 0, MAX_FLEET_SIZE);
        break;
      case "--reset":
        options.reset = true;
        break;
      case "--rate-limit":
        options.rateLimit = true;
        break;
      case "--no-live":
        options.live = false;
        break;
      case "--quiet":
        options.quiet = true;
        break;
      case "--help":
      case "-h":
        return "help";
      default:
        throw new CliError(`Unknown option ${arg}.`);
    }
  }
  return options;
}
