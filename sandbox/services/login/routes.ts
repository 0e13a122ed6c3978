import { type Context, Hono } from "hono";
import { getAddress } from "viem";
import { DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { type SandboxContext } from "../../context";
import { readFormBody, serviceBaseUrl } from "../../http/requests";
import { htmlErrorPage, statusMessage } from "../../http/responses";
import { signJwt } from "../../keys/tokens";
import { type LicenseRecord } from "../../chain/license-reader";
import { AUTH_PREFIX } from "../auth/routes";
import { encodePermissions } from "@/lib/protocol";
import { loginPage } from "./page";
import { guardLoginPage, type ListeningAddress } from "./page-guard";
import {
  backUrl,
  fitsLink,
  grantSource,
  isRefusal,
  LINK_PARAMS,
  readShareLink,
  type ShareLink,
  VEHICLE_MANAGER,
} from "./share-link";
import { accountPage, type LinkView, refusalPage, type VehicleChoice, vehiclesPage } from "./share-page";

export const LOGIN_PREFIX = "/login";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const USER_JWT_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

/**
 * DIMO's login (login.dimo.org), played by the sandbox: `GET /login/?clientId&redirectUri` checks the client id and
 * the redirect URI exactly like the challenge's `domain` (one of the license's registered URIs, compared as strings),
 * shows the sandbox's accounts, and a choice posted back redirects to the redirect URI with a User JWT signed by the
 * auth service's key (the one at {auth}/keys), `email` and `walletAddress`. Like DIMO's, it sends back nothing of the
 * request: other parameters (a `state`, say) are accepted and dropped.
 *
 * With `entryState=VEHICLE_MANAGER` it plays a share link instead: the owner logs in, ticks vehicles that fit the
 * link, and approving writes the grants at once; the owner may revoke an earlier share there too (see share-link.ts).
 * Every page and post answers only at the sandbox's own loopback address, and posts only from its own origins
 * (page-guard.ts).
 */
export function loginRoutes(ctx: SandboxContext, address: ListeningAddress): Hono {
  const app = new Hono();
  app.use("*", guardLoginPage(address));
  // In the realistic profile, DIMO's HTML error page; otherwise the auth service's JSON errors, or for a share link,
  // which an owner opens in a browser, a page that says what is wrong.
  const shownError = (c: Context, status: 400 | 404, message: string, share: boolean) => {
    const statusText = status === 404 ? "Not Found" : "Bad Request";
    if (ctx.settings.profile === "realistic") return htmlErrorPage(status, statusText, message);
    return share
      ? c.html(refusalPage(statusText, message), status, REFUSAL_HEADERS)
      : statusMessage(c, status, message);
  };

  type Checked = { license: LicenseRecord; redirectUri: string } | Response;
  const check = async (c: Context, param: (name: string) => string | undefined): Promise<Checked> => {
    const share = param("entryState") === VEHICLE_MANAGER;
    const clientId = param("clientId") ?? "";
    const license = ADDRESS.test(clientId) ? await ctx.licenses.findByClientId(clientId) : undefined;
    if (!license) return shownError(c, 404, "Invalid client_id.", share);
    const redirectUri = param("redirectUri") ?? "";
    if (!license.redirectUris.some((r) => r.uri === redirectUri))
      return shownError(c, 400, "Unregistered redirect_uri.", share);
    return { license, redirectUri };
  };

  /** The link's terms and what the pages show of it, or the refusal page when the link is not one DIMO would play. */
  const readLink = (
    c: Context,
    getAll: (name: string) => string[],
    license: LicenseRecord,
    redirectUri: string,
  ): LinkView | Response => {
    const link = readShareLink(getAll, ctx.clock.nowMs());
    if (isRefusal(link)) return c.html(refusalPage(link.title, link.message), link.status, REFUSAL_HEADERS);
    const params = LINK_PARAMS.flatMap((name) => getAll(name).map((value): [string, string] => [name, value]));
    return { alias: license.alias ?? license.clientId, params, link, redirectUri };
  };

  const page = async (c: Context) => {
    const checked = await check(c, (name) => c.req.query(name));
    if (checked instanceof Response) return checked;
    const { license, redirectUri } = checked;
    if (c.req.query("entryState") === VEHICLE_MANAGER) {
      const view = readLink(c, (name) => c.req.queries(name) ?? [], license, redirectUri);
      if (view instanceof Response) return view;
      return c.html(accountPage(view, accountAddresses(license)), 200, pageHeaders(redirectUri));
    }
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
    const form = await readFormBody(c);
    const checked = await check(c, (name) => form.get(name) ?? undefined);
    if (checked instanceof Response) return checked;
    const { license, redirectUri } = checked;
    const share = form.get("entryState") === VEHICLE_MANAGER;
    const key = form.get("account") ?? "";
    if (!(key in DEMO_LOGIN_ACCOUNTS))
      return share
        ? c.html(refusalPage("Unknown Account", "Unknown account."), 400, REFUSAL_HEADERS)
        : statusMessage(c, 400, "Unknown account.");
    const account = key as DemoLoginAccount;
    const address = accountAddresses(license)[account];
    const email = DEMO_LOGIN_ACCOUNTS[account].email;
    if (share) {
      const view = readLink(c, (name) => form.getAll(name), license, redirectUri);
      if (view instanceof Response) return view;
      return shareStep(c, form, view, license, { account, address, email });
    }
    return sendBack(c, new URL(redirectUri), license, address, email);
  });

  /** Signs the owner in and sends them back, with what the step adds (the vehicles shared or revoked). */
  const sendBack = async (
    c: Context,
    back: URL,
    license: LicenseRecord,
    address: string,
    email: string,
    extra: Record<string, string> = {},
  ) => {
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
    back.searchParams.set("token", token);
    back.searchParams.set("email", email);
    back.searchParams.set("walletAddress", address);
    for (const [name, value] of Object.entries(extra)) back.searchParams.set(name, value);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(back.toString(), 303);
  };

  type Owner = { account: DemoLoginAccount; address: string; email: string };

  /** The vehicle page, a share or a revocation, for the owner signed in on a share link's form. */
  const shareStep = async (c: Context, form: URLSearchParams, view: LinkView, license: LicenseRecord, owner: Owner) => {
    const nowMs = ctx.clock.nowMs();
    const owned = ctx.vehicles.all().filter((v) => v.owner === owner.address.toLowerCase());
    const choices: VehicleChoice[] = owned.map((vehicle) => {
      const grant = ctx.vehicles.grant(vehicle.tokenId, license.clientId);
      return { vehicle, sharedUntil: grant && grant.expiresAt > nowMs ? grant.expiresAt : null };
    });
    const offered = choices.filter((choice) => fitsLink(view.link, choice.vehicle));
    const shared = choices.filter((choice) => choice.sharedUntil !== null);
    const others = choices
      .filter((choice) => choice.sharedUntil === null && !fitsLink(view.link, choice.vehicle))
      .map((choice) => choice.vehicle);
    const page = (status: 200 | 400, error: string | null = null) =>
      c.html(vehiclesPage(view, owner, offered, shared, others, error), status, pageHeaders(view.redirectUri));
    const picked = form.getAll("vehicle");
    const back = () => backUrl(view.redirectUri, view.link.utm);

    switch (form.get("step")) {
      case "vehicles":
        return page(200);
      case "share": {
        if (picked.length === 0) return page(400, "Pick at least one vehicle to share.");
        const ids: number[] = [];
        for (const id of new Set(picked)) {
          const choice = offered.find((o) => String(o.vehicle.tokenId) === id && o.sharedUntil === null);
          if (!choice) return page(400, `Vehicle ${id} is not one this link lets you share.`);
          ids.push(choice.vehicle.tokenId);
        }
        writeShare(license, ids, view.link, nowMs);
        // DIMO's login sends the token ids back as one comma-separated value (it writes the list with String()).
        return sendBack(c, back(), license, owner.address, owner.email, { sharedVehicles: ids.join(",") });
      }
      case "revoke": {
        const id = picked[0] ?? "";
        const choice = shared.find((s) => String(s.vehicle.tokenId) === id);
        if (picked.length !== 1 || !choice) return page(400, `Vehicle ${id} is not shared with ${view.alias}.`);
        ctx.vehicles.revokeGrant(choice.vehicle.tokenId, license.clientId, nowMs);
        return sendBack(c, back(), license, owner.address, owner.email, { revokedVehicles: id });
      }
      default:
        return c.html(refusalPage("Bad Request", "Unknown step."), 400, REFUSAL_HEADERS);
    }
  };

  /** One SACD per vehicle, all with the link's permissions, expiry and template, and one document for the lot. */
  const writeShare = (license: LicenseRecord, tokenIds: number[], link: ShareLink, nowMs: number) => {
    const terms = {
      grantee: license.clientId,
      permissions: link.permissionBits,
      templateId: link.templateId,
      expiresAt: link.expiresAt,
      createdAt: nowMs,
    };
    ctx.vehicles.writeGrants(tokenIds, {
      grantee: license.clientId,
      privileges: link.privileges,
      permissions: encodePermissions(link.privileges),
      source: grantSource(terms),
      createdAt: nowMs,
      expiresAt: link.expiresAt,
      templateId: link.templateId,
    });
  };

  return app;
}

/** A refusal is a page for a person: no script, nothing from elsewhere, never framed, not kept. */
const REFUSAL_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

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
