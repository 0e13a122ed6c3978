import { REQUEST_BODY_LIMIT } from "./body-limit.mjs";

/**
 * What the proxy refuses before anything else runs: a Host other than the dashboard's own, and a body larger than
 * it ever reads. Pure, so that the rules are tested without a server.
 */

export interface GateSettings {
  /** The dashboard's public URL: its host is the one Host the dashboard answers for. */
  publicUrl: string;
  /** In sandbox mode the dashboard also answers for loopback names on any port (a developer's machine). */
  sandbox: boolean;
}

export interface Refusal {
  status: number;
  message: string;
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/;

// A load balancer's liveness check often names the instance by its address; the route tells nobody anything.
const ANY_HOST_PATHS = new Set(["/api/health"]);

function hostAllowed(host: string, { publicUrl, sandbox }: GateSettings): boolean {
  const normalised = host.trim().toLowerCase();
  return normalised === new URL(publicUrl).host || (sandbox && LOOPBACK_HOST.test(normalised));
}

export function gateRefusal(
  request: { pathname: string; host: string | null; contentLength: string | null },
  settings: GateSettings,
): Refusal | null {
  if (!ANY_HOST_PATHS.has(request.pathname) && !hostAllowed(request.host ?? "", settings)) {
    // A page that rebinds its own name to this machine's address, or a request for another site, reaches here.
    return {
      status: 421,
      message: `This dashboard answers only at ${new URL(settings.publicUrl).host}. A proxy in front of it must pass the Host header through unchanged.`,
    };
  }
  const length = Number(request.contentLength ?? 0);
  if (!Number.isFinite(length) || length > REQUEST_BODY_LIMIT) {
    return {
      status: 413,
      message: `The request body is too large: the dashboard reads at most ${REQUEST_BODY_LIMIT / 1024} KB.`,
    };
  }
  return null;
}
