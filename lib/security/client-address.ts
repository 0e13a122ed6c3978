import { randomUUID } from "node:crypto";
import { type IncomingMessage, Server as HttpServer } from "node:http";
import { Server as HttpsServer } from "node:https";
import { isIP } from "node:net";

/**
 * The client's address, as far as it can be known. Next.js hands route handlers no socket, and it keeps an
 * X-Forwarded-For the client wrote, so the address is taken where the socket is still in reach: when the HTTP server
 * emits the request. There the request is stamped with the socket's address, or, behind `trustedProxyHops` proxies
 * that each append the address they were reached from, with the right-most entry none of them wrote. Anything the
 * client wrote further left is never read.
 */

const STAMP_HEADER = "x-dashboard-client-address";

/** The key of a request whose address is unknown or unreadable: all such requests share one bucket. */
export const UNKNOWN_CLIENT = "unknown";

// A stamp carries this process's secret, so a header a client wrote (on a request that reached the server before the
// stamp was installed) is told apart from a real stamp. Kept on globalThis because the server's bundles each load
// this module on their own.
const PROOF_KEY = Symbol.for("dimo-dashboard.client-address-proof");
const INSTALLED_KEY = Symbol.for("dimo-dashboard.client-address-installed");
const globals = globalThis as { [PROOF_KEY]?: string; [INSTALLED_KEY]?: boolean };
const proof = (globals[PROOF_KEY] ??= randomUUID());

/** One address, normalised and of bounded length: an IPv4-mapped IPv6 address as IPv4; anything else not an IP is unknown. */
function normalise(entry: string | undefined): string {
  const address = (entry ?? "")
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return isIP(address) ? address : UNKNOWN_CLIENT;
}

/**
 * The address `trustedProxyHops` places to the left of the socket in the chain X-Forwarded-For + socket: each trusted
 * proxy's entry is the address it saw. A chain shorter than that (a request that skipped a proxy) gives its left-most.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxyHops: number,
): string {
  if (trustedProxyHops === 0) return normalise(socketAddress);
  const forwarded = [forwardedFor ?? []].flat().join(",").split(",");
  const chain = [...forwarded.filter((entry) => entry.trim() !== ""), socketAddress ?? ""];
  return normalise(chain[Math.max(0, chain.length - 1 - trustedProxyHops)]);
}

/** Stamps every request the HTTP servers of this process receive from now on. Idempotent. */
export function stampClientAddresses(trustedProxyHops: number): void {
  if (globals[INSTALLED_KEY]) return;
  globals[INSTALLED_KEY] = true;
  type Emitter = { emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean };
  for (const prototype of [HttpServer.prototype, HttpsServer.prototype] as unknown as Emitter[]) {
    const emit = prototype.emit;
    prototype.emit = function emitStamped(event, ...args) {
      if (event === "request") {
        const request = args[0] as IncomingMessage;
        const forwardedFor = request.headers["x-forwarded-for"];
        request.headers[STAMP_HEADER] =
          `${proof} ${clientAddressOf(request.socket?.remoteAddress, forwardedFor, trustedProxyHops)}`;
      }
      return emit.apply(this, [event, ...args]);
    };
  }
}

/** The stamped address of a request; unknown when it carries no stamp of this process. */
export function clientAddress(request: Request): string {
  const [stampProof, address] = (request.headers.get(STAMP_HEADER) ?? "").split(" ");
  return stampProof === proof && address ? address : UNKNOWN_CLIENT;
}

/** A request as the stamp leaves it, for tests of what reads the address. */
export function stampedHeaders(address: string): Record<string, string> {
  return { [STAMP_HEADER]: `${proof} ${address}` };
}
