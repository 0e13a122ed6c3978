import type { ActivityEntry } from "@/lib/models";

/**
 * "Copy as cURL": a command that sends a logged call again. The bearer token is the shell variable `$DIMO_TOKEN`
 * unless the developer chose to paste the exact token in; calls the log cannot replay say why instead.
 */

const TOKEN_PLACEHOLDER = "$DIMO_TOKEN";

export type CurlResult =
  { ok: true; command: string; bearer: "developer" | "vehicle" | null } | { ok: false; reason: string };

const CHALLENGE_FLOW =
  "Part of the sign-in challenge flow, which needs a fresh challenge signed with the license's API key: it cannot be replayed as-is. Sign in with your own key through the DIMO SDK, or copy the Developer JWT from the token inspector.";
const CACHE_HIT =
  "Served from the dashboard's cache (a token or a vehicle's grant): no request was sent, so there is nothing to replay.";

/** Quotes a word for a POSIX shell: single quotes, each inner quote closed, escaped and reopened. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * The cURL command for a logged call. With `token`, the exact token replaces the placeholder; the caller fetches it
 * only when the developer asks for it.
 */
export function curlCommand(record: ActivityEntry, token?: string): CurlResult {
  if (record.service === "auth") return { ok: false, reason: CHALLENGE_FLOW };
  if (record.cache === "hit" || record.replay === undefined) return { ok: false, reason: CACHE_HIT };
  const { replay } = record;
  if (replay.notReplayable !== null) return { ok: false, reason: replay.notReplayable };

  const lines = [
    `curl -sS${record.method === "GET" || replay.body !== undefined ? "" : ` -X ${record.method}`} ${shellQuote(record.url)}`,
  ];
  for (const [name, value] of Object.entries(replay.headers))
    lines.push(`-H ${shellQuote(`${headerName(name)}: ${value}`)}`);
  if (replay.bearer) {
    // Double quotes so the shell expands the placeholder; a pasted token is quoted like any other value.
    lines.push(
      token === undefined
        ? `-H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`
        : `-H ${shellQuote(`Authorization: Bearer ${token}`)}`,
    );
  }
  if (replay.body !== undefined) lines.push(`--data-raw ${shellQuote(replay.body)}`);
  return { ok: true, command: lines.join(" \\\n  "), bearer: replay.bearer ?? null };
}

/** Which token `$DIMO_TOKEN` stands for, in words. */
export function placeholderHint(record: ActivityEntry, bearer: "developer" | "vehicle"): string {
  if (bearer === "developer") return "Set DIMO_TOKEN to a Developer JWT (copy it from the token inspector).";
  const vehicle = record.tokenId === undefined ? "the vehicle" : `vehicle ${record.tokenId}`;
  return `Set DIMO_TOKEN to a Vehicle JWT of ${vehicle} (copy it from the token inspector).`;
}
