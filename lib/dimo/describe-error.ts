import "server-only";
import { serviceName } from "@/lib/protocol";
import { type AppError } from "@/lib/result";
import { DimoError } from "./errors";

/**
 * The one place that turns errors into words for people. Every message says what failed (the service and its status)
 * and what to do next; it says to try again exactly when the error is `retryable`, so the words and the retry button
 * a page shows for it never disagree. It never holds a token, the API key or an upstream body beyond a short,
 * redacted reason.
 */

const UNEXPECTED: AppError = {
  code: "INTERNAL",
  message: "Something went wrong on the dashboard's server. Its log has the details.",
  retryable: false,
};

/** The sentence that follows a retryable failure; the only words that invite another try. */
function retryAdvice(error: DimoError): string {
  if (error.code === "RATE_LIMITED") return "Try again in a few seconds.";
  if (error.code === "NETWORK_ERROR") return "Check the network and the service address, then try again.";
  return "Try again in a moment.";
}

/** What to do when another try will not help: what has to change first. */
const REPORT =
  "If it keeps happening, the call's request and answer in the activity log show what DIMO was asked and said.";

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

/** What failed, in one sentence naming the service and, when one came back, the status. */
function whatFailed(error: DimoError): string {
  const service = `DIMO's ${serviceName(error.service)} service`;
  const status = error.status === null ? "" : ` (${error.status})`;
  switch (error.code) {
    case "NOT_FOUND":
      return `${service} could not find what the dashboard asked for${status}.`;
    case "RATE_LIMITED":
      return `${service} is receiving too many requests${status}.`;
    case "UNAVAILABLE":
      return `${service} is not answering${status}.`;
    case "UPSTREAM_ERROR":
      return `${service} failed while answering${status}.`;
    case "TIMEOUT":
      return `${service} took too long to answer.`;
    case "NETWORK_ERROR":
      return `The dashboard could not reach ${service}.`;
    case "INVALID_RESPONSE":
      return `${service} sent an answer the dashboard could not read.`;
    case "UNAUTHORIZED":
      if (error.service === "auth") return `${service} refused to sign the dashboard in${status}.`;
      return `${service} did not accept the dashboard's token${status}.`;
    case "FORBIDDEN":
      return `${service} refused the request${status}.`;
    default: {
      const reason = error.upstreamMessage ? `: ${error.upstreamMessage}` : "";
      return `${service} refused the request${status}${reason}.`.replace(/\.\.$/, ".");
    }
  }
}

/** What to do about a failure another try will not fix. */
function whatToChange(error: DimoError): string {
  switch (error.code) {
    case "UPSTREAM_ERROR":
      return `The fault is on DIMO's side. ${REPORT}`;
    case "INVALID_RESPONSE":
      return `DIMO may have changed its answer. ${REPORT}`;
    case "UNAUTHORIZED":
      if (error.service === "auth") return "Check DIMO_CLIENT_ID, DIMO_API_KEY and DIMO_DOMAIN.";
      return "The dashboard already asked for a fresh token once: check the license's API key (DIMO_API_KEY).";
    case "FORBIDDEN":
      return "The license may lack the access this call needs; the vehicle's owner can share it.";
    case "NETWORK_ERROR":
      return "Check the network and the service address.";
    default:
      return REPORT;
  }
}

function describeDimoError(error: DimoError): string {
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
      break;
    case "FORBIDDEN":
      if (error.service === "tokenExchange" && /not a dev license/i.test(error.upstreamMessage ?? "")) {
        return "DIMO's token exchange does not recognise DIMO_CLIENT_ID as a Developer License. Check DIMO_CLIENT_ID.";
      }
      if (error.service === "tokenExchange") {
        return "This vehicle's owner has not granted the license the access this page needs. Ask the owner to share it.";
      }
      break;
    default:
      break;
  }
  return `${whatFailed(error)} ${error.retryable ? retryAdvice(error) : whatToChange(error)}`;
}

export function describeError(error: unknown): AppError {
  if (!(error instanceof DimoError)) return UNEXPECTED;
  const words = describeDimoError(error);
  // Words written elsewhere may not say it: a retryable error always ends by inviting another try.
  const message = error.retryable && !/try again/i.test(words) ? `${words} ${retryAdvice(error)}` : words;
  const described: AppError = { code: error.code, message, retryable: error.retryable };
  return error.callId === undefined ? described : { ...described, callId: error.callId };
}
