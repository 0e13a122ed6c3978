import { type SandboxProfile } from "../../profile";

/** A refusal with the real service's status and words. */
export interface Refusal {
  status: 400 | 500;
  message: string;
}

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]", "::1"]);
const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127(?:\.\d{1,3}){3}$/.test(host);

/**
 * The real check of a webhook's target: Go's url.ParseRequestURI, then the scheme must be https. The default profile
 * also takes http:// to this machine, so tests and a local dashboard's inbox can receive deliveries; the realistic
 * profile refuses it as DIMO does.
 */
export function targetUrlRefusal(targetUrl: string, profile: SandboxProfile): Refusal | null {
  const invalid: Refusal = { status: 400, message: "Invalid webhook URL" };
  const notHttps: Refusal = { status: 400, message: "Webhook URL must be HTTPS" };
  if (targetUrl === "") return invalid;
  // ParseRequestURI takes an absolute path as a URL without a scheme.
  if (targetUrl.startsWith("/")) return notHttps;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(targetUrl)) return invalid;
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    return invalid;
  }
  if (url.protocol === "https:") return null;
  if (profile === "default" && url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  return notHttps;
}

const VERIFICATION_TIMEOUT_MS = 10_000;
/** More than any verification token: a longer answer is a mismatch, and no more of it is read. */
const VERIFICATION_READ_LIMIT = 1_024;

/** The answer's first bytes, up to one past the limit (so a longer answer is told apart); the rest is never read. */
async function readCapped(response: Response): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= VERIFICATION_READ_LIMIT) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, VERIFICATION_READ_LIMIT + 1);
}

/**
 * Registration's call to the target: POST `{"verification": "test"}`, which must answer 200 with the verification
 * token (surrounding white space ignored) within 10 s. DIMO's service reads the whole answer and quotes it in its
 * refusal; here at most VERIFICATION_READ_LIMIT bytes are read and the refusal quotes nothing of the answer, so a
 * target on this machine cannot be read through the sandbox.
 */
export async function verificationRefusal(targetUrl: string, verificationToken: string): Promise<Refusal | null> {
  const signal = AbortSignal.timeout(VERIFICATION_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(targetUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"verification": "test"}',
      signal,
    });
  } catch {
    return { status: 400, message: "Failed to call target URL" };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: 400, message: `Target URL did not return status 200 (got ${response.status})` };
  }
  let body: Uint8Array;
  try {
    body = await readCapped(response);
  } catch {
    return { status: 500, message: "Failed to read response from target URL" };
  }
  const answered = body.byteLength > VERIFICATION_READ_LIMIT ? null : Buffer.from(body).toString("utf8").trim();
  if (answered !== verificationToken) {
    return {
      status: 400,
      message: "verification token mismatch: the target did not answer with the verification token",
    };
  }
  return null;
}
