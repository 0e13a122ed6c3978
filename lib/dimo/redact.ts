import "server-only";
import { processWideCache } from "@/lib/process-wide";

/**
 * Removes secrets from text that may reach a log line, an error message or the activity log. Upstream services echo
 * parts of requests back in their errors, so everything that leaves lib/dimo in words goes through here.
 */

// No word boundaries around these: a token glued to other text (`jwt_eyJ…`, `token%3DeyJ…`, `key_<hex>`) is still one.
// A JWT's header is base64url JSON, so it starts with eyJ and runs on for a dozen characters or more.
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// A 65-byte signature (130 hex) or a 32-byte key (64 hex), so a transaction hash goes too. Addresses (40 hex) and the
// hashes in DIDs stay readable.
const SIGNATURE = /(0x)?[0-9a-fA-F]{130}/g;
const PRIVATE_KEY = /(0x)?[0-9a-fA-F]{64}/g;
const BEARER = /(Bearer)\s+[^\s"',;]+/gi;
// Query strings can carry signatures, states and client data: keep the path, drop the query.
const URL_QUERY = /(https?:\/\/[^\s"'?#]+)\?[^\s"'#]*/g;
/**
 * How the names of fields whose value is a secret whatever it looks like end: what DIMO's auth, token exchange and
 * SDKs send (access_token, id_token, token, signature, client_secret), and the usual spellings of keys and passwords
 * (apiKey, api_key, x-api-key, privateKey, accessToken, refreshToken, password, authorization). Matching the end
 * keeps `tokenId`, `tokenDID` and `token_type` readable.
 */
const SECRET_NAME = "token|secret|signature|password|passwd|api[_-]?key|private[_-]?key|authorization";
// In JSON (`"accessToken": "…"`, a number too), also JSON quoted inside a string (`\"token\":\"…\"`).
const SECRET_JSON_FIELD = new RegExp(
  `(${SECRET_NAME})(\\\\?"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|\\\\"(?:[^"\\\\]|\\\\[^"])*\\\\"|-?\\d[\\d.eE+-]*|true|false)`,
  "gi",
);
// In forms and queries, plain (`signature=…`) or URL-encoded (`token%3D…`), up to the next field.
const SECRET_FORM_FIELD = new RegExp(`(${SECRET_NAME})(=|%3D)((?:(?!%26)[^&\\s"'<>;,])+)`, "gi");

// Shorter values could be ordinary words: a known secret shorter than this is not looked for.
const MIN_SECRET_LENGTH = 8;
// A part of a held token looked for on its own is longer still: a few characters of base64 are found in any text.
const MIN_TOKEN_PART_LENGTH = 16;
/**
 * The most tokens remembered at once, the most recently used kept. Each one is looked for in every text redacted, so
 * the bound is also the cost; past it the oldest fall back to the patterns, which know every token shaped as usual.
 */
const HELD_TOKENS_MAX = 256;

/**
 * Held tokens, each with its signature (what follows its last dot) when that is worth looking for on its own, else
 * "". None expires: a token is worth hiding after its end too.
 */
const heldTokens = () => processWideCache<string, string>("held-tokens", { max: HELD_TOKENS_MAX });

/**
 * Remembers a token this process holds; the token caches call it for each token they store or hand out. Every
 * redaction then removes it wherever it appears, whatever its shape (one that does not start with eyJ, or an opaque
 * one), and its signature on its own, in case only the end of the token is echoed.
 */
export function holdToken(token: string): void {
  if (token.length < MIN_SECRET_LENGTH) return;
  const signature = token.includes(".") ? token.slice(token.lastIndexOf(".") + 1) : "";
  heldTokens().set(token, signature.length >= MIN_TOKEN_PART_LENGTH ? signature : "");
}

function withoutKnownSecrets(text: string, knownSecrets: readonly string[]): string {
  let clean = text;
  const hide = (secret: string) => {
    if (clean.includes(secret)) clean = clean.replaceAll(secret, "[redacted]");
  };
  for (const secret of knownSecrets) if (secret.length >= MIN_SECRET_LENGTH) hide(secret);
  // The whole token first, so that it is not left with its signature cut out.
  for (const [token, signature] of heldTokens().entries()) {
    hide(token);
    if (signature) hide(signature);
  }
  return clean;
}

const hiddenJsonValue = (_match: string, name: string, separator: string, value: string) =>
  `${name}${separator}${value.startsWith("\\") ? '\\"[redacted]\\"' : '"[redacted]"'}`;

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
  return withoutKnownSecrets(text, knownSecrets)
    .replace(SECRET_JSON_FIELD, hiddenJsonValue)
    .replace(SECRET_FORM_FIELD, "$1$2[redacted]")
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
 * How far past the cut a body is still scrubbed. A secret that starts before the cut is removed whole as long as it
 * is shorter than this (JWTs and keys are a few kilobytes at most), and the rest of a body of megabytes, which the
 * log never keeps, is not scanned at all.
 */
export const REDACT_LOOKAHEAD = 16_384;

/**
 * A request or response body as the activity log keeps it: secrets removed, then cut to `max` characters. The cut
 * comes after the redaction, so a secret split by it cannot survive half-hidden.
 */
export function redactBody(
  text: string,
  knownSecrets: readonly string[] = [],
  max = LOGGED_BODY_MAX,
): { body: string; truncated: boolean } {
  let whole = text.length <= max + REDACT_LOOKAHEAD;
  let clean = scrub(whole ? text : text.slice(0, max + REDACT_LOOKAHEAD), knownSecrets);
  // Redactions shorten the text: when they bring the unscanned edge, where a secret may be cut in two, close to the
  // kept part, the whole body is scrubbed instead.
  if (!whole && clean.length < max + REDACT_LOOKAHEAD / 2) {
    clean = scrub(text, knownSecrets);
    whole = true;
  }
  return clean.length > max || !whole
    ? { body: clean.slice(0, max), truncated: true }
    : { body: clean, truncated: false };
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
