import { type Context, Hono } from "hono";
import { getAddress } from "viem";
import { DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { type SandboxContext } from "../../context";
import { readFormBody, serviceBaseUrl } from "../../http/requests";
import { htmlErrorPage, statusMessage } from "../../http/responses";
import { signJwt } from "../../keys/tokens";
import { type LicenseRecord } from "../../store/license-store";
import { AUTH_PREFIX } from "../auth/routes";
import { loginPage } from "./page";

export const LOGIN_PREFIX = "/login";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const USER_JWT_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

/**
 * DIMO's login (login.dimo.org), played by the sandbox: `GET /login/?clientId&redirectUri` checks the client id and
 * the redirect URI exactly like the challenge's `domain` (one of the license's registered URIs, compared as strings),
 * shows the sandbox's accounts, and a choice posted back redirects to the redirect URI with a User JWT signed by the
 * auth service's key (the one at {auth}/keys), `email` and `walletAddress`. Like DIMO's, it sends back nothing of the
 * request: other parameters (a `state`, say) are accepted and dropped.
 */
export function loginRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  // In the realistic profile, DIMO's HTML error page; otherwise the auth service's JSON errors.
  const shownError = (c: Context, status: 400 | 404, message: string) =>
    ctx.settings.profile === "realistic"
      ? htmlErrorPage(status, status === 404 ? "Not Found" : "Bad Request", message)
      : statusMessage(c, status, message);

  type Checked = { license: LicenseRecord; redirectUri: string } | Response;
  const check = (c: Context, param: (name: string) => string | undefined): Checked => {
    const clientId = param("clientId") ?? "";
    const license = ADDRESS.test(clientId) ? ctx.licenses.findByClientId(clientId) : undefined;
    if (!license) return shownError(c, 404, "Invalid client_id.");
    const redirectUri = param("redirectUri") ?? "";
    if (!license.redirectUris.some((r) => r.uri === redirectUri))
      return shownError(c, 400, "Unregistered redirect_uri.");
    return { license, redirectUri };
  };

  const page = async (c: Context) => {
    const checked = check(c, (name) => c.req.query(name));
    if (checked instanceof Response) return checked;
    const { license, redirectUri } = checked;
    const html = loginPage({
      clientId: license.clientId,
      licenseAlias: license.alias,
      redirectUri,
      addresses: accountAddresses(license),
    });
    return c.html(html, 200, pageHeaders(redirectUri));
  };
  app.get("/", page);

  app.post("/", async (c) => {
    // The page posts to itself; a form on any other site is refused, as the control surface refuses web pages.
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== new URL(c.req.url).origin)
      return statusMessage(c, 403, "Cross-site login form refused.");
    const form = await readFormBody(c);
    const checked = check(c, (name) => form.get(name) ?? undefined);
    if (checked instanceof Response) return checked;
    const { license, redirectUri } = checked;
    const key = form.get("account") ?? "";
    if (!(key in DEMO_LOGIN_ACCOUNTS)) return statusMessage(c, 400, "Unknown account.");
    const account = key as DemoLoginAccount;
    const address = accountAddresses(license)[account];
    const email = DEMO_LOGIN_ACCOUNTS[account].email;

    const iat = ctx.clock.nowSeconds();
    const token = await signJwt(ctx.keys.auth, {
      iss: serviceBaseUrl(c, AUTH_PREFIX),
      aud: license.clientId,
      sub: userSubject(address),
      provider_id: "email",
      ethereum_address: address,
      email,
      email_verified: true,
      iat,
      exp: iat + USER_JWT_LIFETIME_SECONDS,
    });
    const back = new URL(redirectUri);
    back.searchParams.set("token", token);
    back.searchParams.set("email", email);
    back.searchParams.set("walletAddress", address);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(back.toString(), 303);
  });

  return app;
}

function accountAddresses(license: LicenseRecord): Record<DemoLoginAccount, string> {
  return {
    owner: getAddress(license.owner),
    admin: DEMO_LOGIN_ACCOUNTS.admin.address,
    stranger: DEMO_LOGIN_ACCOUNTS.stranger.address,
  };
}

/** Like the auth service's `sub`: the base64url of a small protobuf naming the account and the connector. */
function userSubject(address: string): string {
  const field = (tag: number, text: string) => {
    const bytes = Buffer.from(text, "utf8");
    return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
  };
  return Buffer.concat([field(0x0a, address), field(0x12, "email")]).toString("base64url");
}

/** No script, nothing from elsewhere, never framed; its forms may go to the page itself and on to the redirect URI. */
function pageHeaders(redirectUri: string): Record<string, string> {
  return {
    "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(redirectUri).origin}; frame-ancestors 'none'; base-uri 'none'`,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    // Not no-referrer: with it the browser sends `Origin: null` on the form's own post, which the post refuses.
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
  };
}
