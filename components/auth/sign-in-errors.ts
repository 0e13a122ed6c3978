/** Words for the codes that sign-in can fail with (see lib/auth/options.ts). */
const MESSAGES: Record<string, string> = {
  BAD_SIGNATURE:
    "The signature does not match your wallet's address. Try again; if your wallet is a smart account, use Sign in with DIMO.",
  SMART_ACCOUNT_UNAVAILABLE:
    "The dashboard could not reach the chain to check your smart account's signature. Try again, or use Sign in with DIMO.",
  SMART_ACCOUNT_UNSUPPORTED:
    "Your wallet looks like a smart account, and this dashboard cannot check smart-account signatures. Use Sign in with DIMO instead.",
  BAD_NONCE: "This sign-in request was already used or has expired. Try again.",
  EXPIRED_MESSAGE: "The sign-in request has expired or is not valid yet. Check your computer's clock and try again.",
  WRONG_DOMAIN: "The sign-in request was made for another site. Open the dashboard at its own address and try again.",
  WRONG_CHAIN: "The sign-in request names another chain than Ethereum mainnet. Try again.",
  RATE_LIMITED: "Too many sign-in attempts from this address. Wait a minute and try again.",
  SIGN_IN_UNAVAILABLE:
    "Sign-in is unavailable for a moment: the dashboard cannot reach its shared store. Try again shortly.",
  MALFORMED_MESSAGE: "The wallet returned a sign-in message the dashboard cannot read.",
  LICENSE_UNAVAILABLE:
    "DIMO's identity service did not answer, so the dashboard cannot check who owns the license. Try again in a moment.",
  WALLET_NOT_ALLOWED: "This wallet is not allowed to use this dashboard.",
  INVITATION_UNKNOWN: "This invitation link is not valid. Ask whoever invited you for a new one.",
  INVITATION_EXPIRED: "This invitation has expired. Ask whoever invited you for a new one.",
  INVITATION_USED: "This invitation was already used: it works once. Ask whoever invited you for a new one.",
  INVITATION_REVOKED: "This invitation was revoked. Ask whoever invited you for a new one.",
  SessionRequired: "Sign in to continue.",
  DIMO_STATE_MISSING:
    "This DIMO sign-in was not started in this browser, has expired, or was already used. Start again with Sign in with DIMO.",
  DIMO_STATE_MISMATCH: "DIMO's answer belongs to another sign-in. Start again with Sign in with DIMO.",
  DIMO_TOKEN_INVALID:
    "DIMO's answer could not be verified, so nobody was signed in. Start again with Sign in with DIMO.",
  DIMO_TOKEN_EXPIRED: "DIMO's sign-in token has expired. Start again with Sign in with DIMO.",
  DIMO_WRONG_CLIENT:
    "DIMO's sign-in token was made for another application, not this dashboard. Start again with Sign in with DIMO.",
  DIMO_UNAVAILABLE:
    "DIMO's sign-in service did not answer, so the dashboard cannot check your sign-in. Try again in a moment.",
};

export function signInErrorMessage(code: string): string {
  return MESSAGES[code] ?? "Sign-in failed. Try again.";
}
