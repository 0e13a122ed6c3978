import { CliError, parseCliOptions, USAGE } from "./cli-options";
import { SANDBOX_DEFAULT_PORT } from "@/lib/demo-license";
import { startSandbox } from "./server";

/** The sandbox's command line: `npm run sandbox` (see sandbox/README.md). */
async function main(): Promise<void> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === "help") {
    console.log(USAGE);
    return;
  }

  let sandbox;
  try {
    // The command line's sandbox keeps its chain across restarts, as it keeps its database.
    sandbox = await startSandbox({ keepChain: true, ...options });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      const port = options.port ?? SANDBOX_DEFAULT_PORT;
      console.error(`Port ${port} is in use: is a sandbox already running? Use --port to pick another.`);
      process.exit(1);
    }
    throw error;
  }

  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`DIMO sandbox failed to start: ${reason}\nIf its data folder is damaged, start it with --reset.`);
  process.exit(1);
});
