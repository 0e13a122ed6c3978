import "server-only";

/**
 * Reads an error out of whatever a DIMO service sent back. The services differ: JSON `{code, message}` (trips,
 * valuations, token exchange), `{status, message}` and OAuth `{error, error_description}` (authentication),
 * GraphQL `{errors: [...]}` (identity), plain text (the real trips service, proxies), and HTML error pages (the real
 * authentication service answers an unknown client id or an unregistered redirect URI with one).
 */

export interface ParsedErrorBody {
  message: string | undefined;
  upstreamCode: string | undefined;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function fromGraphQLErrors(errors: unknown[]): ParsedErrorBody {
  const messages: string[] = [];
  let upstreamCode: string | undefined;
  for (const error of errors) {
    if (!isObject(error)) continue;
    const message = text(error.message);
    if (message) messages.push(message);
    if (upstreamCode === undefined && isObject(error.extensions)) upstreamCode = text(error.extensions.code);
  }
  return { message: messages.length > 0 ? messages.join("; ") : undefined, upstreamCode };
}

function parseErrorJson(body: unknown): ParsedErrorBody {
  if (!isObject(body)) return { message: text(body), upstreamCode: undefined };
  if (Array.isArray(body.errors) && body.errors.length > 0) return fromGraphQLErrors(body.errors);
  const oauthError = text(body.error);
  if (oauthError !== undefined) {
    return { message: text(body.error_description) ?? oauthError, upstreamCode: oauthError };
  }
  const code = typeof body.code === "string" ? text(body.code) : undefined;
  return { message: text(body.message), upstreamCode: code };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
const MAX_HTML_TEXT = 300;

/** The words of an HTML page: scripts, styles and tags dropped, entities decoded, white space folded, cut short. */
function htmlText(html: string): string | undefined {
  const words = html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#39|[a-z]+);/gi, (entity: string, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return words === "" ? undefined : words.slice(0, MAX_HTML_TEXT);
}

/** Parses a response body's text; an empty body gives no message, an HTML page the words on it. */
export function parseErrorBody(raw: string): ParsedErrorBody {
  const trimmed = raw.trim();
  if (trimmed === "") return { message: undefined, upstreamCode: undefined };
  if (trimmed.startsWith("<")) return { message: htmlText(trimmed), upstreamCode: undefined };
  try {
    return parseErrorJson(JSON.parse(trimmed));
  } catch {
    return { message: trimmed, upstreamCode: undefined };
  }
}
