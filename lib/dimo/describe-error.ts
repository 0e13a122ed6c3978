import "server-only";
import { serviceName } from "@/lib/protocol";
import { type AppError } from "@/lib/result";
import { DimoError } from "./errors";

/**
 * The one place that turns errors into words for people. Pages and actions show `message` as it is; it never holds a
 * token, the API key or an upstream body beyond a short, redacted reason.
 */

const UNEXPECTED: AppError = {
  code: "INTERNAL",
  message: "Something went wrong on the dashboard's server. Try again; if it keeps happening, check the server log.",
  retryable: false,
};

function authMessage(error: DimoError): string | undefined {
  const reason = error.upstreamMessage ?? "";
  if (/invalid client_id|invalid_client/i.test(`${reason} ${error.upstreamCode ?? ""}`)) {
    return "DIMO's authentication service does not know this license's client id. Check DIMO_CLIENT_ID.";
  }
  if (/redirect_uri/i.test(reason)) {
    return "DIMO_DOMAIN is not one of the license's registered redirect URIs. Check it in the DIMO developer console.";
  }
  if (/verify signature/i.test(reason)) {
    return "DIMO did not accept the license's API key (the signature could not be verified). Check DIMO_API_KEY.";
  }
  return undefined;
}

function describeDimoError(error: DimoError): string {
  const service = `DIMO's ${serviceName(error.service)} service`;
  const status = error.status === null ? "" : ` (${error.status})`;
  // Sign-in failures of the license point at the setting to fix, whatever status carried them.
  const auth = error.service === "auth" ? authMessage(error) : undefined;
  if (auth) return auth;
  switch (error.code) {
    case "PRIVILEGE_MISSING":
    case "VEHICLE_NOT_SHARED":
    case "VEHICLE_NOT_FOUND":
    case "OFFER_ALREADY_REQUESTED":
      // These messages are written for people where they are raised.
      return error.message;
    case "NOT_FOUND":
      // The identity API's not-found errors are raised with words for people (an unknown license, say).
      if (error.service === "identity") return error.message;
      return `${service} could not find what the dashboard asked for${status}.`;
    case "RATE_LIMITED":
      return `${service} is receiving too many requests${status}. Try again in a few seconds.`;
    case "UNAVAILABLE":
    case "UPSTREAM_ERROR":
      return `${service} is not answering${status}. Try again in a moment.`;
    case "TIMEOUT":
      return `${service} took too long to answer. Try again in a moment.`;
    case "NETWORK_ERROR":
      return `The dashboard could not reach ${service}. Check the network and the service address, then try again.`;
    case "INVALID_RESPONSE":
      return `${service} sent an answer the dashboard could not read. Try again later.`;
    case "UNAUTHORIZED":
      if (error.service === "auth") return `${service} refused to sign the dashboard in${status}.`;
      return `${service} did not accept the dashboard's token${status}. Try again; if it keeps happening, check the license's API key.`;
    case "FORBIDDEN":
      if (error.service === "tokenExchange" && /not a dev license/i.test(error.upstreamMessage ?? "")) {
        return "DIMO's token exchange does not recognise DIMO_CLIENT_ID as a Developer License.";
      }
      if (error.service === "tokenExchange") {
        return "This vehicle's owner has not granted the license the access this page needs. Ask the owner to share it.";
      }
      return `${service} refused the request${status}.`;
    default: {
      const reason = error.upstreamMessage ? `: ${error.upstreamMessage}` : "";
      return `${service} refused the request${status}${reason}.`.replace(/\.\.$/, ".");
    }
  }
}

export function describeError(error: unknown): AppError {
  if (!(error instanceof DimoError)) return UNEXPECTED;
  const described: AppError = { code: error.code, message: describeDimoError(error), retryable: error.retryable };
  return error.callId === undefined ? described : { ...described, callId: error.callId };
}
