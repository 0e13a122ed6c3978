import "server-only";

/**
 * Removes secrets from text that may reach a log line, an error message or the activity log. Upstream services echo
 * parts of requests back in their errors, so everything that leaves lib/dimo in words goes through here.
 */

const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
// A 65-byte signature (130 hex) or a 32-byte key (64 hex). Addresses (40 hex) and hashes in DIDs stay readable.
const SIGNATURE = /\b(0x)?[0-9a-fA-F]{130}\b/g;
const PRIVATE_KEY = /\b(0x)?[0-9a-fA-F]{64}\b/g;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
// Query strings can carry signatures, states and client data: keep the path, drop the query.
const URL_QUERY = /(https?:\/\/[^\s"'?#]+)\?[^\s"'#]*/g;

const MAX_LENGTH = 300;

export function redact(text: string, knownSecrets: readonly string[] = []): string {
  let clean = text;
  for (const secret of knownSecrets) {
    if (secret.length >= 8) clean = clean.split(secret).join("[redacted]");
  }
  clean = clean
    .replace(BEARER, "$1 [redacted]")
    .replace(JWT, "[redacted token]")
    .replace(SIGNATURE, "[redacted signature]")
    .replace(PRIVATE_KEY, "[redacted key]")
    .replace(URL_QUERY, "$1?[redacted]");
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH)}…` : clean;
}
