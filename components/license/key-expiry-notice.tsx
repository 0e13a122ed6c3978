import Link from "next/link";
import { formatStableUtc } from "@/lib/format/time";
import type { KeyInUse } from "@/lib/models/api-keys";
import { apiKeyInUseKept } from "@/lib/server/api-keys";

/** Every page's header shows it: the key in use as the shared store keeps it, not a chain read per page. */
async function keyInUse(): Promise<KeyInUse | null> {
  const result = await apiKeyInUseKept();
  // A failed read shows nothing here: the License page says what failed.
  return result.ok ? result.data : null;
}

/** A short line when the API key in use expires within 30 days by the chain's clock, linking to the License page. */
export async function KeyExpiryNotice({ place }: { place: "header" | "page" }) {
  const key = await keyInUse();
  if (!key?.expiresSoon || key.expiresAt === null) return null;
  const on = formatStableUtc(key.expiresAt, "date");
  return (
    <Link
      href="/license"
      data-testid={`key-expiry-notice-${place}`}
      className={
        place === "header"
          ? "hidden truncate rounded-md bg-warning/10 px-2 py-1 text-xs text-warning lg:inline"
          : "text-sm text-warning underline"
      }
    >
      {place === "header"
        ? `API key expires ${on}`
        : `The API key in use expires on ${on}: make a new one on the License page.`}
    </Link>
  );
}
