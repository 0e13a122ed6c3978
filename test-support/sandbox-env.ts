import { sandboxUrls } from "@/lib/demo-license";
import { RPC_URL_VARIABLE, URL_VARIABLES } from "@/lib/env-names";
import { DIMO_SERVICES } from "@/lib/protocol";

/** Environment variables that point the app's configuration (lib/config/) at a sandbox's services and chain. */
export function sandboxEnv(sandboxUrl: string): Record<string, string> {
  const urls = sandboxUrls(sandboxUrl);
  return {
    ...Object.fromEntries(DIMO_SERVICES.map((service) => [URL_VARIABLES[service], urls[service]])),
    [RPC_URL_VARIABLE]: urls.rpc,
  };
}
