import "server-only";
import { type ActivityAttempt, type ActivityMessage, type ActivityReplay } from "@/lib/models";
import { type ActivityInput } from "./activity";
import { type RequestPacer } from "./pacer";
import { parseErrorBody } from "./error-body";
import { DimoError, RETRYABLE_STATUSES, codeForStatus } from "./errors";
import { redact, redactBody, redactHeaders } from "./redact";
import { type RetryPolicy, backoffDelayMs, parseRetryAfterMs, sleep } from "./retry";
import { type DimoService, serviceName } from "@/lib/protocol";

/**
 * The one fetch wrapper behind every DIMO call: a timeout per attempt, retries with backoff for idempotent requests,
 * errors turned into DimoError, and one activity entry per call.
 */

export interface HttpSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Records one entry; returns its id when it has one, so an error can name the call that raised it. */
  onActivity: (entry: ActivityInput) => string | void;
  /** Values scrubbed from every message besides the patterns redact() knows (the API key). */
  secrets: readonly string[];
  random?: () => number;
  /** Waited on before every attempt, to stay under DIMO's rate limits; none when absent. */
  pacer?: RequestPacer;
}

export interface DimoRequest {
  service: DimoService;
  method: "GET" | "POST" | "PUT" | "DELETE";
  baseUrl: string;
  /** Below the base address, starting with "/". */
  path: string;
  query?: Record<string, string>;
  /** Query parameters harmless enough to show in the activity log (a page number); the rest are hidden. */
  loggedQuery?: readonly string[];
  bearer?: string;
  body?: { json: unknown } | { form: Record<string, string> };
  /**
   * "idempotent": retried after 429/502/503/504, timeouts and network errors. "at-most-once": retried only when the
   * connection was refused, which proves the request never reached the service (a POST with side effects).
   */
  retry: "idempotent" | "at-most-once";
  timeoutMs?: number;
  tokenKind?: "developer" | "vehicle";
  tokenId?: number;
  /** "miss" when this request fetches a token because none was cached. */
  cache?: "miss" | "none";
  /**
   * Whether the activity log may keep the body, so the call can be replayed. Only for bodies that carry no secret
   * (an exchange request, a GraphQL query); a request whose body is not kept is logged as not replayable.
   */
  logBody?: boolean;
}

export interface DimoResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when the body is not JSON, or null when empty. */
  body: unknown;
}

// Errors that prove the connection never opened, so the request cannot have been received.
const NEVER_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function buildUrl(request: DimoRequest, only?: readonly string[]): string {
  const url = new URL(request.baseUrl.replace(/\/+$/, "") + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (only === undefined || only.includes(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

function parseBody(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function encodeBody(request: DimoRequest): { body?: string; contentType?: string } {
  if (request.body === undefined) return {};
  if ("json" in request.body) return { body: JSON.stringify(request.body.json), contentType: "application/json" };
  return { body: new URLSearchParams(request.body.form).toString(), contentType: "application/x-www-form-urlencoded" };
}

// The token exchange and the Vehicle Triggers API take the Developer JWT; every data service takes a Vehicle JWT.
const bearerKind = (service: DimoService) =>
  service === "tokenExchange" || service === "vehicleTriggers" || service === "creditTracker" ? "developer" : "vehicle";

/** What the activity log keeps to replay the request: no token, and no body or query it was not allowed to keep. */
function replayOf(request: DimoRequest, headers: Record<string, string>, body: string | undefined): ActivityReplay {
  const hiddenQuery = Object.keys(request.query ?? {}).some((name) => !(request.loggedQuery ?? []).includes(name));
  const hiddenBody = body !== undefined && !request.logBody;
  const { authorization: _bearer, ...safeHeaders } = headers;
  return {
    headers: safeHeaders,
    ...(body !== undefined && request.logBody ? { body } : {}),
    ...(request.bearer ? { bearer: bearerKind(request.service) } : {}),
    notReplayable:
      hiddenQuery || hiddenBody
        ? "The request carried values the log does not keep (a signature, a state or a hidden query parameter)."
        : null,
  };
}

/** The request as the activity log shows it: the bearer token named by its kind, every secret removed. */
function loggedRequest(
  request: DimoRequest,
  headers: Record<string, string>,
  body: string | undefined,
  secrets: readonly string[],
): ActivityMessage {
  const logged: ActivityMessage = { headers: redactHeaders(Object.entries(headers), secrets) };
  if (request.bearer) logged.headers.authorization = `Bearer [redacted ${bearerKind(request.service)} JWT]`;
  if (body !== undefined) Object.assign(logged, toLoggedBody(redactBody(body, secrets)));
  return logged;
}

function loggedResponse(response: Response, text: string, secrets: readonly string[]): ActivityMessage {
  const logged: ActivityMessage = { headers: redactHeaders(response.headers, secrets) };
  if (text !== "") Object.assign(logged, toLoggedBody(redactBody(text, secrets)));
  return logged;
}

const toLoggedBody = ({ body, truncated }: { body: string; truncated: boolean }) =>
  truncated ? { body, truncated } : { body };

export async function dimoFetch(settings: HttpSettings, request: DimoRequest): Promise<DimoResponse> {
  const url = buildUrl(request);
  const loggedUrl = buildUrl(request, request.loggedQuery ?? []);
  const label = `${serviceName(request.service)} ${request.method} ${request.path}`;
  const secrets = request.bearer ? [...settings.secrets, request.bearer] : settings.secrets;
  const { body, contentType } = encodeBody(request);
  const headers: Record<string, string> = { accept: "application/json" };
  if (contentType) headers["content-type"] = contentType;
  if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
  const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
  const replay = replayOf(request, headers, body);
  const sent = loggedRequest(request, headers, body, secrets);

  const started = Date.now();
  let attempts = 0;
  let lastStatus: number | null = null;
  let received: ActivityMessage | undefined;
  const tries: ActivityAttempt[] = [];
  const report = (error?: DimoError) => {
    const id = settings.onActivity({
      at: new Date(started).toISOString(),
      method: request.method,
      service: request.service,
      path: request.path + new URL(loggedUrl).search,
      url: loggedUrl,
      status: lastStatus,
      durationMs: Date.now() - started,
      attempts,
      cache: request.cache ?? "none",
      ...(error ? { error: error.message } : {}),
      ...(request.tokenKind ? { tokenKind: request.tokenKind } : {}),
      ...(request.tokenId !== undefined ? { tokenId: request.tokenId } : {}),
      replay,
      request: sent,
      ...(received ? { response: received } : {}),
      tries,
    });
    // The error names its call, so the page that shows it can link to the call's details.
    if (error && typeof id === "string") error.callId = id;
  };

  for (;;) {
    attempts += 1;
    const lastAttempt = attempts >= settings.retry.attempts;
    await settings.pacer?.turn(request.service);
    const attemptStarted = Date.now();
    received = undefined;
    let response: Response;
    let text: string;
    try {
      response = await settings.fetch(url, {
        method: request.method,
        headers,
        body,
        cache: "no-store",
        signal: AbortSignal.timeout(timeoutMs),
      });
      lastStatus = response.status;
      text = await response.text();
      received = loggedResponse(response, text, secrets);
      tries.push({ status: response.status, durationMs: Date.now() - attemptStarted });
    } catch (cause) {
      tries.push({ status: null, durationMs: Date.now() - attemptStarted });
      const timedOut = isTimeout(cause);
      const code = causeCode(cause);
      const error = new DimoError({
        service: request.service,
        status: null,
        code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
        message: timedOut
          ? `${label} did not answer within ${timeoutMs} ms`
          : `${label} could not be reached${code ? ` (${code})` : ""}`,
        retryable: true,
      });
      const mayRetry = request.retry === "idempotent" || (code !== undefined && NEVER_SENT_CODES.has(code));
      if (!lastAttempt && mayRetry) {
        await sleep(backoffDelayMs(attempts, settings.retry, settings.random));
        continue;
      }
      report(error);
      throw error;
    }

    if (response.ok) {
      report();
      return { status: response.status, headers: response.headers, body: parseBody(text) };
    }

    const parsed = parseErrorBody(text);
    const upstreamMessage = parsed.message === undefined ? undefined : redact(parsed.message, secrets);
    const error = new DimoError({
      service: request.service,
      status: response.status,
      code: codeForStatus(response.status),
      message: `${label} answered ${response.status}${upstreamMessage ? `: ${upstreamMessage}` : ""}`,
      retryable: RETRYABLE_STATUSES.has(response.status),
      upstreamCode: parsed.upstreamCode,
      upstreamMessage,
    });
    // A response came back, so a request with side effects may have been carried out: never repeat those.
    if (!lastAttempt && request.retry === "idempotent" && error.retryable) {
      const retryAfter = parseRetryAfterMs(response.headers.get("retry-after"), settings.retry.retryAfterCapMs);
      await sleep(retryAfter ?? backoffDelayMs(attempts, settings.retry, settings.random));
      continue;
    }
    report(error);
    throw error;
  }
}
