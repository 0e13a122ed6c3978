import { randomUUID } from "node:crypto";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { type CookieJar } from "./cookies";
import { actionId } from "./server-action";
import { signIn } from "./session";

/**
 * An attacker's script for the share-link landing (run by `npm run bench:attacks`, which lists these beside its
 * own): addresses a link from another site could send a signed-in developer to, each of which the landing page used
 * to record while rendering, and the confirm action posted from another site. Every attack is over plain HTTP,
 * against a dashboard in sandbox mode, whose demo license holds a live grant on vehicle 21957.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

const LIVE = 21957;
const IDS = 1_000;
/** One identity page: what the landing checks at most. */
const CHECKED_AT_MOST = 100;

/** The attacks, for the dashboard at `baseUrl()` (read when each runs, as the bench may start its own). */
export function shareLandingAttacks(baseUrl: () => string): [string, () => Promise<Outcome>][] {
  let session: Promise<CookieJar> | undefined;
  const jar = () => (session ??= signIn(baseUrl(), DEMO_OWNER.privateKey));

  async function get(path: string): Promise<Response> {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie: (await jar()).header() } });
    await response.arrayBuffer();
    return response;
  }

  async function exported(): Promise<string> {
    const response = await fetch(`${baseUrl()}/api/vehicles/export`, { headers: { cookie: (await jar()).header() } });
    if (!response.ok) throw new Error(`the export answered ${response.status}`);
    return response.text();
  }

  const listed = (csv: string) => new RegExp(`^${LIVE},`, "m").test(csv);

  /** A forged revoke of a live vehicle: it must stay in the export (the list and the map read the same roster). */
  async function forgedRevoke(): Promise<Outcome> {
    const before = listed(await exported());
    const page = await get(`/share/arrived?revokedVehicles=${LIVE}`);
    const after = listed(await exported());
    return {
      refused: before && after,
      detail: `page answered ${page.status}; vehicle ${LIVE} ${after ? "still exported" : "GONE from the export"}`,
    };
  }

  /** A forged link name for a live vehicle: no vehicle may be exported as brought by it. */
  async function forgedLinkName(): Promise<Outcome> {
    const forged = `Forged ${randomUUID().slice(0, 8)}`;
    const page = await get(`/share/arrived?sharedVehicles=${LIVE}&utm=${encodeURIComponent(forged)}`);
    const recorded = (await exported()).includes(forged);
    return {
      refused: !recorded,
      detail: `page answered ${page.status}; the name ${recorded ? "WAS recorded" : "was not recorded"}`,
    };
  }

  /** A landing naming 1,000 ids no one asked about: what it costs upstream, by the dashboard's own call log. */
  async function thousandIds(): Promise<Outcome> {
    const first = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
    const ids = new Set(Array.from({ length: IDS }, (_, index) => first + index));
    const started = performance.now();
    const page = await get(`/share/arrived?sharedVehicles=${[...ids].join(",")}`);
    const ms = Math.round(performance.now() - started);
    const log = await fetch(`${baseUrl()}/api/developer/activity?format=json`, {
      headers: { cookie: (await jar()).header() },
    });
    const { entries } = (await log.json()) as { entries: { tokenId?: number; attempts: number }[] };
    // The log keeps the last 500 calls: counting its cache answers too keeps a flood of them from hiding requests.
    const logged = entries.filter((entry) => ids.has(entry.tokenId ?? 0));
    const requests = logged.filter((entry) => entry.attempts > 0).length;
    return {
      refused: page.ok && logged.length <= CHECKED_AT_MOST,
      detail:
        `page answered ${page.status} in ${ms} ms; ${logged.length} calls logged for them (at most ` +
        `${CHECKED_AT_MOST}), ${requests} of them upstream requests`,
    };
  }

  /** The action's answer to a POST from `origin` with the session cookie: its result, or null for an error. */
  async function confirmFrom(origin: string): Promise<{ status: number; result: string | null }> {
    const response = await fetch(`${baseUrl()}/share/arrived`, {
      method: "POST",
      headers: {
        "next-action": actionId("confirmLandingAction"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin,
        cookie: (await jar()).header(),
      },
      // A revoke DIMO refuses to confirm: even a confirm that got through records nothing.
      body: JSON.stringify([{ vehicles: [], revoked: [LIVE], utm: null }]),
    });
    const row = (await response.text()).split("\n").find((line) => line.startsWith("1:"));
    // An error comes back as `1:E{...}`, a result as `1:{...}`.
    return { status: response.status, result: row?.startsWith("1:{") ? row.slice(2) : null };
  }

  /** The confirm posted from another site is refused; from the page's own origin, the same request is answered. */
  async function crossSiteConfirm(): Promise<Outcome> {
    const foreign = await confirmFrom("https://attacker.example");
    const own = await confirmFrom(new URL(baseUrl()).origin);
    return {
      refused: foreign.result === null && own.result !== null,
      detail:
        `from another site ${foreign.status}, ${foreign.result === null ? "no result" : "A RESULT"}; ` +
        `from its own origin ${own.status}, ${own.result === null ? "no result" : "a result"}`,
    };
  }

  return [
    [`/share/arrived revoking live vehicle ${LIVE}`, forgedRevoke],
    ["/share/arrived with a link name no kept link has", forgedLinkName],
    [`/share/arrived naming ${IDS.toLocaleString("en")} vehicles`, thousandIds],
    ["the landing's confirm posted from another site", crossSiteConfirm],
  ];
}
