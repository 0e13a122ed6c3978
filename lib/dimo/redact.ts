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
// Fields whose value is a secret whatever it looks like, in JSON (`"token": "…"`) and in forms (`signature=…`).
const SECRET_FIELD_NAMES =
  "access_token|id_token|refresh_token|token|signature|api_key|apiKey|client_secret|private_key|privateKey|password|secret";
const SECRET_JSON_FIELD = new RegExp(`("(?:${SECRET_FIELD_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, "g");
const SECRET_FORM_FIELD = new RegExp(`(^|[&?])(${SECRET_FIELD_NAMES})=[^&\\s]*`, "g");

const MAX_LENGTH = 300;

/** The longest body (request or response) the activity log keeps, in characters; the rest is cut. */
export const LOGGED_BODY_MAX = 1_500;
/** The most headers, and the longest value, the activity log keeps per message. */
const LOGGED_HEADERS_MAX = 16;
const LOGGED_HEADER_VALUE_MAX = 200;

// Headers that carry credentials or session state: their values never reach the log.
const SECRET_HEADERS =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-amz-security-token)$|token|secret|signature/i;

function scrub(text: string, knownSecrets: readonly string[]): string {
  let clean = text;
  for (const secret of knownSecrets) {
    if (secret.length >= 8) clean = clean.split(secret).join("[redacted]");
  }
  return clean
    .replace(SECRET_JSON_FIELD, '$1"[redacted]"')
    .replace(SECRET_FORM_FIELD, "$1$2=[redacted]")
    .replace(BEARER, "$1 [redacted]")
    .replace(JWT, "[redacted token]")
    .replace(SIGNATURE, "[redacted signature]")
    .replace(PRIVATE_KEY, "[redacted key]")
    .replace(URL_QUERY, "$1?[redacted]");
}

export function redact(text: string, knownSecrets: readonly string[] = []): string {
  const clean = scrub(text, knownSecrets);
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH)}…` : clean;
}

/**
 * A request or response body as the activity log keeps it: secrets removed, then cut to `max` characters. The cut
 * comes after the redaction, so a secret split by it cannot survive half-hidden.
 */
export function redactBody(
  text: string,
  knownSecrets: readonly string[] = [],
  max = LOGGED_BODY_MAX,
): { body: string; truncated: boolean } {
  const clean = scrub(text, knownSecrets);
  return clean.length > max ? { body: clean.slice(0, max), truncated: true } : { body: clean, truncated: false };
}

/**
 * Headers as the activity log keeps them: names lower-cased, credentials replaced by what kind of value they held,
 * every other value redacted and shortened, at most LOGGED_HEADERS_MAX of them.
 */
export function redactHeaders(
  headers: Iterable<[string, string]>,
  knownSecrets: readonly string[] = [],
): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [rawName, value] of headers) {
    if (count >= LOGGED_HEADERS_MAX) break;
    const name = rawName.toLowerCase();
    if (SECRET_HEADERS.test(name)) {
      kept[name] = /^bearer\s/i.test(value) ? "Bearer [redacted]" : "[redacted]";
    } else {
      const clean = scrub(value, knownSecrets);
      kept[name] = clean.length > LOGGED_HEADER_VALUE_MAX ? `${clean.slice(0, LOGGED_HEADER_VALUE_MAX)}…` : clean;
    }
    count += 1;
  }
  return kept;
}
