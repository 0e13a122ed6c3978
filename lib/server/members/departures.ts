import "server-only";
import { currentRole } from "@/lib/auth/role-check";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import { type WebhookAuthorship } from "@/lib/models/webhook-authors";
import { type Webhook } from "@/lib/models/webhooks";
import { getStores } from "@/lib/store";
import { rotateInboxSecret } from "../inbox";
import { authoredWebhookIds, forgetWebhookAuthorship, readAuthorships, recordDeparture } from "../webhook-authors";

/**
 * Who left: someone the dashboard recorded acting for the license (a webhook's hands, today) who no longer holds a
 * role, as an admin dropped from DASHBOARD_ADMINS or a former license owner. A sweep finds them and runs each of
 * DEPARTURE_ACTIONS; the sweeper (sweeper.ts) runs it at start-up and periodically, one instance at a time, never
 * from a page's render.
 */

type Address = `0x${string}`;

interface DepartureSweep {
  /** Everyone recorded who holds no role now. */
  departed: ReadonlySet<Address>;
  /** Those of them not seen departed before: what happens once per departure. */
  newlyDeparted: readonly Address[];
  webhooks: readonly Webhook[];
  authorships: ReadonlyMap<string, WebhookAuthorship | null>;
}

/** What is done about departures, in order; each is safe to run again on the next sweep. */
interface DepartureAction {
  name: string;
  run(sweep: DepartureSweep): Promise<void>;
}

/** Departed people's webhooks are set inactive through DIMO's API, and each is marked for the owner's notice. */
const disableTheirWebhooks: DepartureAction = {
  name: "set their webhooks inactive",
  async run({ departed, webhooks, authorships }) {
    const client = getDimoClient();
    for (const webhook of webhooks) {
      const record = authorships.get(webhook.id);
      const people = record?.hands.filter((address) => departed.has(address)) ?? [];
      if (!record || people.length === 0) continue;
      if (webhook.status !== "disabled") await client.updateWebhook(webhook.id, { status: "disabled" });
      if (people.some((address) => !record.departure?.people.includes(address))) {
        await recordDeparture(webhook.id, people);
      }
    }
  },
};

/** Someone who left may have seen the inbox's address: it changes, once per departure. */
const rotateTheInbox: DepartureAction = {
  name: "rotate the inbox's secret",
  async run({ newlyDeparted }) {
    if (newlyDeparted.length > 0) await rotateInboxSecret();
  },
};

const DEPARTURE_ACTIONS: readonly DepartureAction[] = [disableTheirWebhooks, rotateTheInbox];

const departedKey = (address: Address) => `members:departed:${getConfig().license.clientId.toLowerCase()}:${address}`;
/** How long a departure is remembered, so that its once-only actions are not repeated. */
const DEPARTED_TTL_MS = 10 * 365 * 24 * 3_600_000;

/**
 * Who of the recorded people holds no role now, by the check sessions use (role-check.ts: the admin list, then the
 * license's owner, asked again every few minutes). When the identity API cannot answer, nobody is taken for departed.
 */
async function findDeparted(people: Iterable<Address>): Promise<Set<Address>> {
  const departed = new Set<Address>();
  for (const address of people) if ((await currentRole(address, "owner")) === null) departed.add(address);
  return departed;
}

/** Those departed not remembered as such; someone back holding a role is forgotten, so a second leave counts. */
async function unnotedDepartures(people: ReadonlySet<Address>, departed: ReadonlySet<Address>): Promise<Address[]> {
  const { keyValue } = getStores();
  const newly: Address[] = [];
  for (const address of people) {
    if (!departed.has(address)) await keyValue.delete(departedKey(address));
    else if ((await keyValue.get(departedKey(address))) === null) newly.push(address);
  }
  return newly;
}

/**
 * One sweep: who of the recorded people left, and each action for them. A departure is remembered only once every
 * action succeeded, so a failed one is tried again by the next sweep. Throws when any step failed.
 */
export async function sweepDepartures(): Promise<DepartureSweep> {
  const recorded = await readAuthorships(await authoredWebhookIds());
  const people = new Set([...recorded.values()].flatMap((record) => record?.hands ?? []));
  const departed = await findDeparted(people);
  const newlyDeparted = await unnotedDepartures(people, departed);
  if (departed.size === 0) return { departed, newlyDeparted, webhooks: [], authorships: recorded };

  // DIMO is asked only now, when someone left: which webhooks still exist, and in what state.
  const webhooks = await getDimoClient().listWebhooks();
  const existing = new Set(webhooks.map((webhook) => webhook.id));
  for (const [id, record] of recorded) if (record && !existing.has(id)) await forgetWebhookAuthorship(id);
  const sweep = { departed, newlyDeparted, webhooks, authorships: recorded };
  const failures: unknown[] = [];
  for (const action of DEPARTURE_ACTIONS) {
    await action.run(sweep).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, "some departure actions failed");
  const { keyValue } = getStores();
  for (const address of newlyDeparted) await keyValue.set(departedKey(address), String(Date.now()), DEPARTED_TTL_MS);
  return sweep;
}
