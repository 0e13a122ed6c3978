import { VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { type CookieJar } from "./cookies";
import { actionId } from "./server-action";
import { signIn } from "./session";

/**
 * An attacker's script for the dashboard's inbox (run by `npm run bench:attacks`, which lists these beside its own):
 * someone who once saw the inbox's address posts to it with no cookie. A forged position must not move a vehicle on
 * the fleet map, a flood must not drive the fleet's Telemetry API reads past their bound, and once the owner gives the
 * inbox a new address the old one must answer 404. Over plain HTTP, against a dashboard in sandbox mode, whose demo
 * license holds a live grant with the location privilege on vehicle 21957.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

interface FleetAnswer {
  positions: { tokenId: number; lat: number; lon: number }[];
  progress: { read: number; total: number; remainingSeconds: number | null };
}

const LIVE = 21957;
const FORGED = { latitude: 0.0001, longitude: 0.0001 };
const FLOOD = 300;
/** The license's hints a minute, as lib/server/fleet/hints.ts bounds them (a server-only module the bench cannot load). */
const HINTS_PER_MINUTE = 30;
/** How long the flood's hinted reads are given to land before the calls are counted: they take a few seconds. */
const SETTLE_MS = 10_000;
/** How long the fleet's first fill may take on the sandbox's dozen vehicles, with room for a busy machine. */
const FILLED_WITHIN_MS = 120_000;

const forgedEvent = (tokenId: number, value: unknown) => ({
  specversion: "1.0",
  type: "dimo.trigger",
  source: "vehicle-triggers-api",
  subject: vehicleDid(tokenId, VEHICLE_NFT_CONTRACT),
  id: `forged-${tokenId}-${Date.now()}-${Math.random()}`,
  data: {
    service: "signals",
    metricName: "vss.currentLocationCoordinates",
    signal: { name: "currentLocationCoordinates", timestamp: new Date().toISOString(), value },
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The attacks, for the dashboard at `baseUrl()` (read when each runs, as the bench may start its own). */
export function inboxAttacks(baseUrl: () => string): [string, () => Promise<Outcome>][] {
  let session: Promise<CookieJar> | undefined;
  const jar = () => (session ??= signIn(baseUrl(), DEMO_OWNER.privateKey));

  async function ownerRead<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie: (await jar()).header() } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** The inbox's path, as the owner's page shows it: what an attacker who once saw the page knows. */
  const inboxPath = async () => new URL((await ownerRead<{ url: string }>("/api/inbox")).url).pathname;

  /** A POST as an outsider sends it: no cookie. */
  async function postAsOutsider(path: string, body: unknown): Promise<number> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** The fleet's positions once its first fill is done (the owner's read starts the refresher). */
  async function filledFleet(): Promise<FleetAnswer> {
    const until = Date.now() + FILLED_WITHIN_MS;
    for (;;) {
      const fleet = await ownerRead<FleetAnswer>("/api/fleet/positions");
      const done = fleet.progress.read >= fleet.progress.total && fleet.progress.remainingSeconds === null;
      if (done || Date.now() > until) return fleet;
      await sleep(500);
    }
  }

  const positionOf = (fleet: FleetAnswer, tokenId: number) => fleet.positions.find((p) => p.tokenId === tokenId);
  const isForged = (position: { lat: number; lon: number } | undefined) =>
    position?.lat === FORGED.latitude && position.lon === FORGED.longitude;

  /** Signed out, a forged position for the live vehicle: the fleet map must go on showing the Telemetry API's. */
  async function forgedPosition(): Promise<Outcome> {
    const before = positionOf(await filledFleet(), LIVE);
    const status = await postAsOutsider(await inboxPath(), forgedEvent(LIVE, FORGED));
    const seen = [];
    // Right after the post, and after the hinted read has had time to land.
    for (const wait of [0, SETTLE_MS / 2]) {
      await sleep(wait);
      seen.push(positionOf(await ownerRead<FleetAnswer>("/api/fleet/positions"), LIVE));
    }
    const moved = seen.some(isForged);
    const where = (p: { lat: number; lon: number } | undefined) => (p ? `${p.lat}, ${p.lon}` : "none");
    return {
      refused: before !== undefined && !moved,
      detail: `the inbox answered ${status}; vehicle ${LIVE} at ${where(before)} before, ${seen.map(where).join(" then ")} after${moved ? ": MOVED to the forged position" : ""}`,
    };
  }

  /** Signed out, a flood of deliveries about every vehicle on the map: the Telemetry API calls it caused. */
  async function hintFlood(): Promise<Outcome> {
    const vehicles = (await filledFleet()).positions.map((position) => position.tokenId);
    const path = await inboxPath();
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: FLOOD }, (_, index) =>
        postAsOutsider(path, forgedEvent(vehicles[index % vehicles.length] ?? LIVE, FORGED)),
      ),
    );
    await sleep(SETTLE_MS);
    const { entries } = await ownerRead<{ entries: { at: string; service: string; attempts: number }[] }>(
      "/api/developer/activity?format=json",
    );
    const reads = entries.filter(
      (entry) => entry.service === "telemetry" && entry.attempts > 0 && Date.parse(entry.at) >= started,
    ).length;
    const bound = Math.min(vehicles.length, HINTS_PER_MINUTE);
    const accepted = statuses.filter((status) => status === 200).length;
    const forged = (await ownerRead<FleetAnswer>("/api/fleet/positions")).positions.filter(isForged).length;
    return {
      refused: reads <= bound && forged === 0,
      detail: `${FLOOD} posts (${accepted} answered 200) about ${vehicles.length} vehicles: ${reads} Telemetry API calls in the next ${SETTLE_MS / 1000} s (at most ${bound}); ${forged} vehicles at the forged position`,
    };
  }

  /** The owner gives the inbox a new address: the old one must answer as an unknown path does, and record nothing. */
  async function rotatedAddress(): Promise<Outcome> {
    const old = await inboxPath();
    const response = await fetch(`${baseUrl()}/webhooks/inbox`, {
      method: "POST",
      headers: {
        "next-action": actionId("rotateInboxSecretAction"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: new URL(baseUrl()).origin,
        cookie: (await jar()).header(),
      },
      body: JSON.stringify([]),
    });
    const rotated = (await response.text()).split("\n").some((line) => line.startsWith('1:{"ok":true'));
    const marker = `after-rotation-${Date.now()}`;
    const oldStatus = await postAsOutsider(old, { marker });
    const unknownStatus = await postAsOutsider(`${old}x`, { marker });
    const fresh = await ownerRead<{ url: string; deliveries: { body: unknown }[] }>("/api/inbox");
    const recorded = fresh.deliveries.some((delivery) => JSON.stringify(delivery.body).includes(marker));
    const moved = new URL(fresh.url).pathname !== old;
    return {
      refused: rotated && moved && oldStatus === 404 && !recorded,
      detail: `rotation ${rotated ? "done" : "NOT DONE"} (${response.status}), address ${moved ? "changed" : "UNCHANGED"}; the old address answered ${oldStatus} (an unknown one ${unknownStatus}), ${recorded ? "and its post WAS recorded" : "nothing recorded"}`,
    };
  }

  return [
    [`inbox: a forged position for vehicle ${LIVE}, signed out`, forgedPosition],
    [`inbox: ${FLOOD} deliveries at once, signed out`, hintFlood],
    ["inbox: the old address after the owner gives it a new one", rotatedAddress],
  ];
}
