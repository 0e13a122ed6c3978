/**
 * The names of next-auth's session cookie: with the `__Secure-` prefix when the dashboard is served over https.
 * Shared by the session check and the proxy's early redirect. Names only; nothing secret here.
 */
export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
export const SESSION_COOKIE_NAMES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;
