import "server-only";
import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { type LookupFunction, isIP } from "node:net";
import { getConfig } from "@/lib/config";
import { classifyAddress, isLoopbackHostname } from "./address-class";

/**
 * The one way the server sends a request to an address someone typed (a webhook target): the name is resolved once,
 * every address it gives must be public, and the connection goes to the address that was checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot move it. TLS still checks the certificate against the
 * name in the URL. Failures say only what class of failure it was: an answer that named an address, a certificate's
 * names or an errno would map the server's network for whoever typed the URL.
 */

export type OutboundFailureKind = "not-public" | "unresolved" | "connect" | "tls" | "timeout" | "failed";

export const OUTBOUND_FAILURE_WORDS: Record<OutboundFailureKind, string> = {
  "not-public": "the address is not public",
  unresolved: "the name did not resolve",
  connect: "could not connect",
  tls: "TLS failed",
  timeout: "timed out",
  failed: "the request failed",
};

export class OutboundFailure extends Error {
  constructor(readonly kind: OutboundFailureKind) {
    super(OUTBOUND_FAILURE_WORDS[kind]);
    this.name = "OutboundFailure";
  }
}

export interface OutboundPolicy {
  /** Whether this machine's own addresses may be reached: the sandbox's receivers run here. */
  allowLoopback: boolean;
  /** Ports of this machine never reached even then: the sandbox's services and its control surface. */
  refusedLoopbackPorts: ReadonlySet<number>;
}

const defaultPort = (url: URL) => (url.protocol === "https:" ? 443 : 80);
const portOf = (url: URL) => (url.port === "" ? defaultPort(url) : Number(url.port));
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The configuration's policy: in sandbox mode this machine is allowed, but never the sandbox itself. */
function outboundPolicy(): OutboundPolicy {
  const config = getConfig();
  if (config.env !== "sandbox") return { allowLoopback: false, refusedLoopbackPorts: new Set() };
  const sandboxUrls = [...Object.values(config.urls), config.dimoLogin.url].filter((href) =>
    isLoopbackHostname(new URL(href).hostname),
  );
  return { allowLoopback: true, refusedLoopbackPorts: new Set(sandboxUrls.map((href) => portOf(new URL(href)))) };
}

export interface CheckedTarget {
  url: URL;
  /** The address the connection goes to: the first the name resolved to, every one of them checked. */
  address: string;
  family: 4 | 6;
}

function allowed(address: string, port: number, policy: OutboundPolicy): boolean {
  const kind = classifyAddress(address);
  if (kind === "public") return true;
  return kind === "loopback" && policy.allowLoopback && !policy.refusedLoopbackPorts.has(port);
}

/** Resolves the URL's host and checks every address it names; throws an OutboundFailure otherwise. */
export async function checkTarget(url: URL, policy: OutboundPolicy = outboundPolicy()): Promise<CheckedTarget> {
  const host = bareHost(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new OutboundFailure("unresolved");
  }
  const first = addresses[0];
  if (!first) throw new OutboundFailure("unresolved");
  if (!addresses.every(({ address }) => allowed(address, portOf(url), policy))) throw new OutboundFailure("not-public");
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that answers the checked address whatever it is asked: there is no second resolution. */
function pinnedLookup({ address, family }: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const TLS_CODE = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_|EPROTO$)/;
const CONNECT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "EADDRNOTAVAIL"]);

function failureKind(error: unknown): OutboundFailureKind {
  if (error instanceof OutboundFailure) return error.kind;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  if (TLS_CODE.test(code)) return "tls";
  if (CONNECT_CODES.has(code)) return "connect";
  if (code === "ETIMEDOUT") return "timeout";
  return "failed";
}

export interface OutboundAnswer {
  status: number;
  /** The first characters of the answer's body; no more of it is read. */
  bodyStart: string;
}

export interface PostOptions {
  timeoutMs: number;
  maxChars: number;
  policy?: OutboundPolicy;
}

function readStart(response: IncomingMessage, maxChars: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = "";
    const finish = () => {
      response.destroy();
      resolve(text.slice(0, maxChars));
    };
    response.on("data", (chunk: Buffer) => {
      text += decoder.decode(chunk, { stream: true });
      if (text.length >= maxChars) finish();
    });
    response.on("end", finish);
    response.on("error", reject);
    response.on("close", () => reject(new Error("the answer ended early")));
  });
}

/**
 * POSTs a JSON body to a checked address and reads the status and the start of the answer. Redirects are the target's
 * answer and are not followed. Every failure is an OutboundFailure naming its class only.
 */
export async function postJson(urlText: string, body: string, options: PostOptions): Promise<OutboundAnswer> {
  const parsed = new URL(urlText);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new OutboundFailure("failed");
  const target = await checkTarget(parsed, options.policy);
  const { url } = target;
  const host = bareHost(url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let timedOut = false;
    const fail = (error: unknown) => reject(new OutboundFailure(timedOut ? "timeout" : failureKind(error)));
    const request = send({
      hostname: host,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { host: url.host, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      lookup: pinnedLookup(target),
      // SNI carries a name, never an address; the certificate is checked against the URL's host either way.
      ...(isIP(host) ? {} : { servername: host }),
      agent: false,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new OutboundFailure("timeout"));
    }, options.timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    request.on("response", (response) => {
      readStart(response, options.maxChars).then(
        (bodyStart) => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, bodyStart });
        },
        (error: unknown) => {
          clearTimeout(timer);
          fail(error);
        },
      );
    });
    request.end(body);
  });
}
