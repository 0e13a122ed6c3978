import { DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { definitionPowertrainTypeOf } from "../../seed/energy";
import { type VehicleRecord } from "../../store/vehicle-store";
import { escape, STYLE } from "./page";
import { PERMISSION_NAMES, PERMISSION_WORDS, type ShareLink } from "./share-link";

/**
 * The owner's side of a share link: pick an account, then see what the license asks for and tick vehicles, or revoke
 * an earlier share. Plain HTML forms posted back to the page, like the sign-in page: no script, nothing from elsewhere.
 * Every form carries the link's parameters on, so each post is checked against the link as it was opened.
 */

const SHARE_STYLE = `
  ul { padding-left: 1.2rem; } li { margin: .3rem 0; }
  label.vehicle { display: flex; gap: .6rem; align-items: flex-start; padding: .6rem .75rem; margin: .4rem 0;
                  border: 1px solid #2b3040; border-radius: .5rem; background: #151925; cursor: pointer; }
  .shared { display: flex; justify-content: space-between; align-items: center; gap: .6rem; padding: .6rem .75rem;
            margin: .4rem 0; border: 1px solid #2b3040; border-radius: .5rem; }
  .shared form { margin: 0; } .shared button { width: auto; padding: .4rem .8rem; }
  .muted { color: #a4a9b6; } .error { color: #ff8a8a; }
  button.primary { text-align: center; background: #2b4fcf; border-color: #2b4fcf; }
  code { font-family: ui-monospace, monospace; font-size: .85em; }
`;

export interface LinkView {
  alias: string;
  /** The link's parameters, each key with every value, to carry on in hidden fields. */
  params: [string, string][];
  link: ShareLink;
  redirectUri: string;
}

export interface VehicleChoice {
  vehicle: VehicleRecord;
  /** The live grant of this vehicle to the license, if any. */
  sharedUntil: number | null;
}

function document(title: string, body: string[]): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)}</title>`,
    `<style>${STYLE}${SHARE_STYLE}</style>`,
    "</head>",
    "<body><main>",
    ...body,
    "</main></body>",
    "</html>",
    "",
  ].join("\n");
}

const hiddenFields = (fields: [string, string][]) =>
  fields.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join("");

const utcDate = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z").replace("T", " ").replace("Z", " UTC");

function terms(view: LinkView): string[] {
  const { link } = view;
  const asked = link.privileges.map(
    (id) =>
      `<li data-privilege="${id}">${escape(PERMISSION_WORDS[id])} <code>${PERMISSION_NAMES[id - 1] ?? ""}</code></li>`,
  );
  const filters: string[] = [];
  if (link.powertrainTypes.length > 0) filters.push(`powertrains ${link.powertrainTypes.join(", ")}`);
  if (link.vehicleMakes.length > 0) filters.push(`makes ${link.vehicleMakes.join(", ")}`);
  if (link.vehicles.length > 0) filters.push(`vehicles ${link.vehicles.join(", ")}`);
  return [
    `<p>${escape(view.alias)} asks for${link.templateId === null ? "" : ` (permission template ${link.templateId})`}:</p>`,
    `<ul data-permissions="${link.permissionBits}">${asked.join("")}</ul>`,
    `<p data-expires="${new Date(link.expiresAt).toISOString()}">Until ${escape(utcDate(link.expiresAt))}${
      link.expirySpecified ? "" : " (one year, the default)"
    }.</p>`,
    filters.length > 0 ? `<p class="muted">For ${escape(filters.join("; "))} only.</p>` : "",
    link.onboarding.length > 0
      ? `<p class="muted">Onboarding (${escape(link.onboarding.join(", "))}) connects new vehicles on DIMO; the sandbox has none to connect.</p>`
      : "",
  ];
}

/** Step one: who is sharing. */
export function accountPage(view: LinkView, addresses: Record<DemoLoginAccount, string>): string {
  const forms = (Object.keys(DEMO_LOGIN_ACCOUNTS) as DemoLoginAccount[]).map((key) => {
    const account = DEMO_LOGIN_ACCOUNTS[key];
    return [
      `<form method="post" action="">`,
      hiddenFields([...view.params, ["account", key], ["step", "vehicles"]]),
      `<button type="submit" data-account="${key}">${escape(account.label)}: ${escape(account.email)}`,
      `<small>${escape(addresses[key])}</small></button>`,
      `</form>`,
    ].join("");
  });
  return document(`Share vehicles with ${view.alias} (sandbox)`, [
    `<h1>Share your vehicles with ${escape(view.alias)}</h1>`,
    "<p>The DIMO sandbox stands in for DIMO's login. Log in as the vehicles' owner; pick an account.</p>",
    ...terms(view),
    ...forms,
  ]);
}

function vehicleLine(vehicle: VehicleRecord): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model} · ${vehicle.name} · #${vehicle.tokenId} · ${definitionPowertrainTypeOf(vehicle.model)}`;
}

/** Step two: the owner's vehicles that fit the link, to tick; those already shared, to revoke; the rest, named. */
export function vehiclesPage(
  view: LinkView,
  owner: { account: DemoLoginAccount; address: string; email: string },
  offered: VehicleChoice[],
  shared: VehicleChoice[],
  others: VehicleRecord[],
  error: string | null = null,
): string {
  const carried = hiddenFields([...view.params, ["account", owner.account]]);
  const toTick = offered.filter((choice) => choice.sharedUntil === null);
  const shareForm =
    toTick.length > 0
      ? [
          `<form method="post" action="" data-form="share">`,
          carried,
          `<input type="hidden" name="step" value="share">`,
          ...toTick.map(
            ({ vehicle }) =>
              `<label class="vehicle"><input type="checkbox" name="vehicle" value="${vehicle.tokenId}" data-vehicle="${vehicle.tokenId}"> <span>${escape(vehicleLine(vehicle))}</span></label>`,
          ),
          `<button type="submit" class="primary" data-action="share">Share selected vehicles with ${escape(view.alias)}</button>`,
          `</form>`,
        ]
      : [`<p class="muted" data-empty="offered">None of your vehicles is left for this link to share.</p>`];
  const sharedList =
    shared.length > 0
      ? [
          `<h2>Already shared with ${escape(view.alias)}</h2>`,
          ...shared.map(({ vehicle, sharedUntil }) =>
            [
              `<div class="shared" data-shared="${vehicle.tokenId}"><span>${escape(vehicleLine(vehicle))}`,
              `<small>until ${escape(utcDate(sharedUntil ?? 0))}</small></span>`,
              `<form method="post" action="">${carried}<input type="hidden" name="step" value="revoke">`,
              `<input type="hidden" name="vehicle" value="${vehicle.tokenId}">`,
              `<button type="submit" data-revoke="${vehicle.tokenId}">Revoke</button></form></div>`,
            ].join(""),
          ),
        ]
      : [];
  const otherList =
    others.length > 0
      ? [
          `<h2>Not asked for by this link</h2>`,
          `<ul class="muted">${others.map((v) => `<li data-unfit="${v.tokenId}">${escape(vehicleLine(v))}</li>`).join("")}</ul>`,
        ]
      : [];
  return document(`Share vehicles with ${view.alias} (sandbox)`, [
    `<h1>Share your vehicles with ${escape(view.alias)}</h1>`,
    `<p>Logged in as ${escape(owner.email)} <small>${escape(owner.address)}</small></p>`,
    ...terms(view),
    error ? `<p class="error" role="alert">${escape(error)}</p>` : "",
    ...shareForm,
    ...sharedList,
    ...otherList,
    `<p>You will be sent back to <code>${escape(view.redirectUri)}</code>.</p>`,
  ]);
}

/** A link the login page will not play: what is wrong, in words; nothing was written. */
export function refusalPage(title: string, message: string): string {
  return document(`${title} (sandbox)`, [
    `<h1>${escape(title)}</h1>`,
    `<p class="error" role="alert">${escape(message)}</p>`,
    "<p>Nothing was shared. The developer who sent this link has to fix it.</p>",
  ]);
}
