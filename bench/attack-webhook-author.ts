import { keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { type CookieJar } from "./cookies";
import { actionId } from "./server-action";
import { signIn } from "./session";

/**
 * An attacker's script for webhook authors (run by `npm run bench:attacks`): an admin aims a location webhook at a
 * listener and subscribes vehicles, as the finding did. Against a running build the admin cannot be removed from its
 * configuration, so what is tried is what a departure relies on: the webhook names the admin as its author, and the
 * admin cannot "keep" a webhook (only the owner can enable one a departed author made). The dashboard must list
 * WEBHOOK_AUTHOR_ADMIN in DASHBOARD_ADMINS.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

const ADMIN_KEY = keccak256(toHex("dimo-dashboard bench: webhook author admin"));
/** The admin these attacks sign in as: the dashboard under attack lists it in DASHBOARD_ADMINS. */
export const WEBHOOK_AUTHOR_ADMIN = privateKeyToAccount(ADMIN_KEY).address;

const LOCATION_VEHICLE = 21957;

interface ActionResult<T> {
  ok: boolean;
  data?: T;
  error?: { code: string; message: string };
}

interface ListedWebhook {
  id: string;
  status: string;
  authorship: { createdBy: { address: string; role: string } | null } | null;
}

export function webhookAuthorAttacks(baseUrl: () => string): [string, () => Promise<Outcome>][] {
  let owner: Promise<CookieJar> | undefined;
  let admin: Promise<CookieJar> | undefined;
  const ownerJar = () => (owner ??= signIn(baseUrl(), DEMO_OWNER.privateKey));
  const adminJar = () => (admin ??= signIn(baseUrl(), ADMIN_KEY));

  /** A server action called over HTTP as the browser does, from the page's own origin. */
  async function callAction<T>(jar: CookieJar, name: string, input: unknown): Promise<ActionResult<T>> {
    const response = await fetch(`${baseUrl()}/webhooks`, {
      method: "POST",
      headers: {
        "next-action": actionId(name),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: new URL(baseUrl()).origin,
        cookie: jar.header(),
      },
      body: JSON.stringify([input]),
    });
    const line = (await response.text()).split("\n").find((row) => row.startsWith("1:"));
    if (!line) throw new Error(`${name} answered ${response.status} without a result`);
    return JSON.parse(line.slice(2)) as ActionResult<T>;
  }

  async function read<T>(jar: CookieJar, path: string): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie: jar.header() } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** The admin's location webhook, aimed at the dashboard's own inbox (a target the sandbox verifies), subscribed. */
  async function adminsWebhook(): Promise<string> {
    const jar = await adminJar();
    const inbox = await read<{ inboxUrl: string; inboxToken: string }>(jar, "/api/webhooks/defaults");
    const created = await callAction<{ id: string }>(jar, "createWebhookAction", {
      displayName: "Where the vans are",
      service: "signals",
      metricName: "vss.currentLocationCoordinates",
      condition: "true",
      coolDownPeriod: 0,
      targetUrl: inbox.inboxUrl,
      verificationToken: inbox.inboxToken,
    });
    if (!created.ok || !created.data) throw new Error(`the admin's webhook was not created: ${created.error?.message}`);
    const { id } = created.data;
    await callAction(jar, "subscribeVehiclesAction", { id, tokenIds: [LOCATION_VEHICLE] });
    return id;
  }

  const listed = async (id: string) =>
    (await read<ListedWebhook[]>(await ownerJar(), "/api/webhooks")).find((row) => row.id === id);

  const remove = async (id: string) => callAction(await ownerJar(), "deleteWebhookAction", { id });

  /** The admin's webhook, as the owner's list shows it: it must name the admin. */
  async function attributed(): Promise<Outcome> {
    const id = await adminsWebhook();
    try {
      const author = (await listed(id))?.authorship?.createdBy ?? null;
      const named = author?.address.toLowerCase() === WEBHOOK_AUTHOR_ADMIN.toLowerCase();
      return {
        refused: named && author?.role === "admin",
        detail: author ? `the list names ${author.address} (${author.role}) as its author` : "NO AUTHOR recorded",
      };
    } finally {
      await remove(id);
    }
  }

  /** The admin keeps and enables again: only the owner may keep a webhook, and the webhook stays as it was. */
  async function adminKeeps(): Promise<Outcome> {
    const id = await adminsWebhook();
    try {
      const owner = await ownerJar();
      await callAction(owner, "setWebhookStatusAction", { id, status: "disabled" });
      const kept = await callAction(await adminJar(), "keepWebhookAction", { id });
      const status = (await listed(id))?.status;
      return {
        refused: !kept.ok && kept.error?.code === "FORBIDDEN" && status === "disabled",
        detail: `keep answered ${kept.ok ? "OK" : kept.error?.code}; the webhook is ${status}`,
      };
    } finally {
      await remove(id);
    }
  }

  return [
    ["an admin's location webhook is attributed to the admin", attributed],
    ["an admin keeps a webhook (the owner's decision)", adminKeeps],
  ];
}
