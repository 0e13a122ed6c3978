import Link from "next/link";
import { formatStableUtc } from "@/lib/format/time";
import type { KeyInUse } from "@/lib/models/api-keys";
import { processWideCache } from "@/lib/process-wide";
import { apiKeyInUse } from "@/lib/server/api-keys";

/** Every page's header shows it: one read of the key in use per minute at most, whoever asks. */
const recent = processWideCache<"in-use", { key: KeyInUse | null }>("key-expiry-notice", { max: 1, ttl: 60_000 });

async function keyInUse(): Promise<KeyInUse | null> {
  const cached = recent.get("in-use");
  if (cached) return cached.key;
  const result = await apiKeyInUse();
  // A failed read shows nothing here: the License page says what failed.
  const key = result.ok ? result.data : null;
  recent.set("in-use", { key });
  return key;
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
