import "server-only";
import { getDimoClient } from "@/lib/dimo";

/** The wallet that owns the configured Developer License, from the identity API (cached by the client). */
export async function licenseOwner(): Promise<string> {
  return (await getDimoClient().getDeveloperLicense()).owner;
}
