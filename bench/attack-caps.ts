import { DEMO_OWNER } from "@/sandbox/demo-license";
import { type CookieJar } from "./cookies";
import { actionId } from "./server-action";
import { signIn } from "./session";

/**
 * The attacks on the caps of costly requests (run by `npm run bench:attacks`, which lists these beside its own):
 * twenty "Try it on history" trials at once from one session, which a session may run only as its long reads, and
 * twenty distinct attestations of one vehicle at once, which it may be asked for only a few times a minute. Over plain
 * HTTP, signed in as the demo license's owner, against a dashboard in sandbox mode.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

const AT_ONCE = 20;
/** The session's long reads at once (lib/server/long-reads.ts). */
const LONG_READS = 4;
/** Attestations a vehicle may be asked for in a minute (lib/server/attestation.ts). */
const ATTESTATIONS_A_MINUTE = 6;
const VEHICLE = 21957;
/** The trial the finding ran: speed over the first ten vehicles the metric can be read on, a week of each. */
const TRIAL_QUERY = new URLSearchParams({
  service: "signals",
  metricName: "vss.speed",
  condition: "valueNumber > 60",
  coolDownPeriod: "0",
}).toString();

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The attacks, for the dashboard at `baseUrl()` (read when each runs, as the bench may start its own). */
export function capsAttacks(baseUrl: () => string): [string, () => Promise<Outcome>][] {
  let session: Promise<CookieJar> | undefined;
  const jar = () => (session ??= signIn(baseUrl(), DEMO_OWNER.privateKey));

  /** How long /api/health takes, once. */
  async function healthMs(): Promise<number> {
    const started = performance.now();
    await (await fetch(`${baseUrl()}/api/health`)).arrayBuffer();
    return performance.now() - started;
  }

  /** Asks /api/health one request after another until `done` settles: each answer's time. */
  async function healthWhile(done: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void done.finally(() => (finished = true));
    const times: number[] = [];
    while (!finished) times.push(await healthMs());
    return times;
  }

  /** Twenty trials at once from one session: how many ran, how many were refused, and /api/health meanwhile. */
  async function trialsAtOnce(): Promise<Outcome> {
    const cookie = (await jar()).header();
    const idle = [await healthMs(), await healthMs(), await healthMs()];
    const started = performance.now();
    const trials = Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        const response = await fetch(`${baseUrl()}/api/webhooks/trial?${TRIAL_QUERY}`, { headers: { cookie } });
        const body = await response.text();
        return { status: response.status, body };
      }),
    );
    const health = await healthWhile(trials);
    const answers = await trials;
    const seconds = (performance.now() - started) / 1000;
    const ran = answers.filter((answer) => answer.status === 200).length;
    const limited = answers.filter(
      (answer) => answer.status === 429 && answer.body.includes("Too many long reads at once"),
    ).length;
    return {
      refused: ran <= LONG_READS && ran + limited === AT_ONCE,
      detail:
        `${ran} ran (at most ${LONG_READS}), ${limited} refused in words, ${AT_ONCE - ran - limited} otherwise, ` +
        `all answered in ${seconds.toFixed(1)} s; ` +
        `/api/health meanwhile: median ${Math.round(median(health))} ms, worst ` +
        `${Math.round(Math.max(...health))} ms over ${health.length} requests (idle ${Math.round(median(idle))} ms)`,
    };
  }

  /** The ids of the Attestation API's POSTs in the dashboard's activity log that reached the service. */
  async function attestationPosts(): Promise<Set<string>> {
    const response = await fetch(`${baseUrl()}/api/developer/activity?format=json`, {
      headers: { cookie: (await jar()).header() },
    });
    const { entries } = (await response.json()) as {
      entries: { id: string; method: string; service: string; attempts: number }[];
    };
    return new Set(
      entries
        .filter((entry) => entry.method === "POST" && entry.service === "attestation" && entry.attempts > 0)
        .map((entry) => entry.id),
    );
  }

  /** The attestation action over HTTP as the page calls it: whether it answered a result, or its error's code. */
  async function createAttestation(timestamp: string): Promise<string> {
    const response = await fetch(`${baseUrl()}/vehicles/${VEHICLE}/attestations`, {
      method: "POST",
      headers: {
        "next-action": actionId("createAttestationAction"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: new URL(baseUrl()).origin,
        cookie: (await jar()).header(),
      },
      body: JSON.stringify([{ tokenId: VEHICLE, request: { kind: "odometer", timestamp } }]),
    });
    const row = (await response.text()).split("\n").find((line) => line.startsWith("1:"));
    if (!row?.startsWith("1:{")) return `status ${response.status}`;
    const result = JSON.parse(row.slice(2)) as { ok: boolean; error?: { code: string } };
    return result.ok ? "created" : (result.error?.code ?? "error");
  }

  /** Twenty distinct attestations of one vehicle at once: the upstream POSTs they made, by the activity log. */
  async function attestationsAtOnce(): Promise<Outcome> {
    const before = await attestationPosts();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, minute) =>
        createAttestation(new Date(Date.now() - (minute + 1) * 60_000).toISOString()),
      ),
    );
    const posts = [...(await attestationPosts())].filter((id) => !before.has(id)).length;
    const counts = new Map<string, number>();
    for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
    const limited = counts.get("RATE_LIMITED") ?? 0;
    return {
      refused: posts <= ATTESTATIONS_A_MINUTE && limited >= AT_ONCE - ATTESTATIONS_A_MINUTE,
      detail:
        `${posts} upstream POSTs (at most ${ATTESTATIONS_A_MINUTE}); answers: ` +
        [...counts].map(([answer, count]) => `${count} ${answer}`).join(", "),
    };
  }

  return [
    [`${AT_ONCE} history trials at once from one session`, trialsAtOnce],
    [`${AT_ONCE} distinct attestations of vehicle ${VEHICLE} at once`, attestationsAtOnce],
  ];
}
