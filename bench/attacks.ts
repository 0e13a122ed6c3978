import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createSiweMessage } from "viem/siwe";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { loginRedirectUriFor } from "@/lib/demo-license";
import { freePort, stopAllProcesses, stopAllProcessesOnSignal } from "@/test-support/processes";
import { hasProductionBuild, newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { capsAttacks } from "./attack-caps";
import { inboxAttacks } from "./attack-inbox";
import { sandboxHostAttacks } from "./attack-sandbox-host";
import { shareLandingAttacks } from "./attack-share-landing";
import { SSRF_ATTACKS } from "./attack-ssrf";
import { WEBHOOK_AUTHOR_ADMIN, webhookAuthorAttacks } from "./attack-webhook-author";
import { CookieJar } from "./cookies";
import { flood } from "./flood";
import { SESSION_COOKIE, fetchNonce, signIn, signInWithNonce } from "./session";
import { sized } from "./size";
import { markdownTable } from "./table";

/**
 * An attacker's script (`npm run bench:attacks`) against a sandbox and the production build of its own, started on
 * free loopback ports and stopped at the end, or with `--url` against a running dashboard in sandbox mode (`npm run
 * dev`): each attack tried as an outsider would, over plain HTTP, and whether the dashboard refused it, with what it
 * measured, as a table. Exits 1 when an attack got through. The attacks that use up a sign-in limit run last, since
 * the limits would refuse the others' sign-ins for a minute. `--flood <requests>` sizes the nonce flood; with `--url`,
 * `--sandbox <url>` names the sandbox for the attacks on its own pages, and the dashboard must list
 * WEBHOOK_AUTHOR_ADMIN (bench/attack-webhook-author.ts) in DASHBOARD_ADMINS.
 */

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    sandbox: { type: "string" },
    flood: { type: "string", default: sized("12000", "300") },
  },
});
let baseUrl = values.url?.replace(/\/+$/, "") ?? "";
/** The sandbox's own address, for the attacks on its pages: `--sandbox` with `--url`, else the one the bench starts. */
let sandboxUrl = values.sandbox?.replace(/\/+$/, "") ?? "";
const floodRequests = Number(values.flood);

interface Outcome {
  refused: boolean;
  detail: string;
}

const HEARTBEAT_MS = 15_000;
const NONCE_LIMIT = 30;
// The flood's own loopback address: its client is neither the attacker's other requests nor the waiting user.
const FLOODING_CLIENT = "127.0.0.2";

async function csrfToken(jar: CookieJar): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(response.headers.getSetCookie());
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function signOut(jar: CookieJar): Promise<void> {
  const token = await csrfToken(jar);
  const response = await fetch(`${baseUrl}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken: token, json: "true" }),
  });
  jar.store(response.headers.getSetCookie());
}

/** The ids of the logged upstream calls whose entry mentions `text`. */
async function loggedCallsMentioning(jar: CookieJar, text: string): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/api/developer/activity?format=json`, { headers: { cookie: jar.header() } });
  const { entries } = (await response.json()) as { entries: { id: string }[] };
  return new Set(entries.filter((entry) => JSON.stringify(entry).includes(text)).map((entry) => entry.id));
}

/** The live activity stream, opened by a signed-in owner who then signs out: how long it goes on sending. */
async function streamAfterSignOut(): Promise<Outcome> {
  const jar = await signIn(baseUrl, DEMO_OWNER.privateKey);
  const response = await fetch(`${baseUrl}/api/developer/activity`, { headers: { cookie: jar.header() } });
  if (!response.ok || !response.body) return { refused: false, detail: `the stream did not open: ${response.status}` };
  const reader = response.body.getReader();
  await reader.read();
  const signedOutAt = Date.now();
  await signOut(jar);
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return Date.now() - signedOutAt;
  })();
  const limit = new Promise<null>((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2, null));
  const endedAfterMs = await Promise.race([ended, limit]);
  if (endedAfterMs === null) {
    await reader.cancel();
    return { refused: false, detail: `still open ${(HEARTBEAT_MS * 2) / 1000} s after sign-out` };
  }
  return {
    refused: endedAfterMs <= HEARTBEAT_MS + 2_000,
    detail: `closed ${(endedAfterMs / 1000).toFixed(1)} s after sign-out (heartbeat ${HEARTBEAT_MS / 1000} s)`,
  };
}

/** Goes through Sign in with DIMO as the sandbox's owner: the callback URL (with its User JWT) and the victim's jar. */
async function victimCallback(): Promise<{ callback: string; signedIn: boolean }> {
  const victim = new CookieJar();
  const start = await fetch(`${baseUrl}/api/sign-in/dimo`, { redirect: "manual" });
  victim.store(start.headers.getSetCookie());
  const loginPage = new URL(start.headers.get("location") ?? "");
  const form = new URLSearchParams({
    clientId: loginPage.searchParams.get("clientId") ?? "",
    redirectUri: loginPage.searchParams.get("redirectUri") ?? "",
    account: "owner",
  });
  const approved = await fetch(loginPage.origin + loginPage.pathname, {
    method: "POST",
    redirect: "manual",
    body: form,
  });
  const callback = approved.headers.get("location") ?? "";
  const finished = await fetch(callback, { redirect: "manual", headers: { cookie: victim.header() } });
  victim.store(finished.headers.getSetCookie());
  return { callback, signedIn: victim.has(SESSION_COOKIE) };
}

/** A callback URL with a User JWT, found in a history or a log, sent again from the attacker's own fresh state. */
async function replayedDimoCallback(): Promise<Outcome> {
  const { callback, signedIn } = await victimCallback();
  if (!signedIn) return { refused: false, detail: "the victim's own sign-in did not work, so nothing was tried" };
  const attacker = new CookieJar();
  const start = await fetch(`${baseUrl}/api/sign-in/dimo`, { redirect: "manual" });
  attacker.store(start.headers.getSetCookie());
  const url = new URL(callback);
  url.searchParams.delete("state");
  const replay = await fetch(url, { redirect: "manual", headers: { cookie: attacker.header() } });
  attacker.store(replay.headers.getSetCookie());
  const refusal = /[?&]error=([A-Z_]+)/.exec(replay.headers.get("location") ?? "")?.[1] ?? `status ${replay.status}`;
  return { refused: !attacker.has(SESSION_COOKIE), detail: `the replay was answered ${refusal}` };
}

/** A wallet sign-in with a nonce the server never issued and a contract wallet's signature (which costs an RPC call). */
async function forgedNonce(): Promise<Outcome> {
  const jar = new CookieJar();
  const csrf = await csrfToken(jar);
  const origin = new URL(baseUrl);
  const message = createSiweMessage({
    domain: origin.host,
    uri: origin.origin,
    address: DEMO_OWNER.address,
    chainId: 1,
    nonce: randomBytes(16).toString("hex"),
    version: "1",
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
    statement: "Sign in to the DIMO Developer Dashboard.",
  });
  const signature = `0x${"ab".repeat(4_000)}`;
  const response = await fetch(`${baseUrl}/api/auth/callback/siwe`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken: csrf, message, signature, json: "true", callbackUrl: baseUrl }),
  });
  jar.store(response.headers.getSetCookie());
  const code = /error=([A-Za-z_]+)/.exec(await response.text())?.[1] ?? `status ${response.status}`;
  return { refused: !jar.has(SESSION_COOKIE) && code === "BAD_NONCE", detail: `answered ${code}` };
}

/** A vehicle page for a token id the identity API cannot take: a not-found page, and no upstream call for it. */
async function tokenIdBeyond32Bits(): Promise<Outcome> {
  const jar = await signIn(baseUrl, DEMO_OWNER.privateKey);
  const before = await loggedCallsMentioning(jar, "2147483648");
  const response = await fetch(`${baseUrl}/vehicles/2147483648`, { headers: { cookie: jar.header() } });
  const newCalls = [...(await loggedCallsMentioning(jar, "2147483648"))].filter((id) => !before.has(id)).length;
  return {
    refused: response.status === 404 && newCalls === 0,
    detail: `answered ${response.status}, ${newCalls} upstream call(s) logged`,
  };
}

/** A page on this machine whose name was rebound to 127.0.0.1: the dashboard sees the attacker's Host. */
async function reboundHost(): Promise<Outcome> {
  const { port, hostname } = new URL(baseUrl);
  const { request } = await import("node:http");
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, path: "/login", headers: { host: `rebind.attacker.example:${port}` } },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
  return { refused: status === 421, detail: `answered ${status}` };
}

/** An 11 MB POST to a sign-in route, with no session. */
async function hugeBody(): Promise<Outcome> {
  const started = Date.now();
  const response = await fetch(`${baseUrl}/api/auth/callback/siwe`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: Buffer.alloc(11 * 1024 * 1024, "a"),
  });
  return {
    refused: response.status === 413,
    detail: `answered ${response.status} in ${Date.now() - started} ms`,
  };
}

/** A flood of nonce requests from one client, with a user waiting to sign in with a nonce issued before it. */
async function nonceFlood(): Promise<Outcome> {
  const waitingNonce = await fetchNonce(baseUrl);
  const started = performance.now();
  const { statuses } = await flood(baseUrl, "/api/sign-in/nonce", floodRequests, FLOODING_CLIENT);
  const seconds = (performance.now() - started) / 1000;
  const served = statuses.get(200) ?? 0;
  const limited = statuses.get(429) ?? 0;
  const other = floodRequests - served - limited;
  // The client's window opens at its first request and lasts a minute: one limit's worth for each minute begun.
  const allowed = NONCE_LIMIT * (Math.floor(seconds / 60) + 1);
  const waitingSignedIn = await signInWithNonce(baseUrl, DEMO_OWNER.privateKey, waitingNonce).then(
    () => true,
    () => false,
  );
  return {
    refused: served <= allowed && other === 0 && waitingSignedIn,
    detail:
      `${floodRequests} requests in ${seconds.toFixed(1)} s (${Math.round(floodRequests / seconds)} a second): ` +
      `${served} served (at most ${allowed}), ${limited} answered 429, ${other} otherwise; ` +
      `a nonce issued before it ${waitingSignedIn ? "still signed in" : "was refused"}`,
  };
}

/** 1,000 nonce requests, each claiming another address in X-Forwarded-For. */
async function rotatedForwardedFor(): Promise<Outcome> {
  const started = performance.now();
  let served = 0;
  let next = 0;
  const worker = async () => {
    while (next < 1_000) {
      next += 1;
      const spoofed = [...randomBytes(4)].join(".");
      const response = await fetch(`${baseUrl}/api/sign-in/nonce`, { headers: { "x-forwarded-for": spoofed } });
      await response.arrayBuffer();
      if (response.ok) served += 1;
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  // This client's window may have opened before (the other attacks sign in from here): one limit's worth for each
  // minute the attack touched, the one it started in too. One per spoofed address would serve all thousand.
  const minutes = Math.ceil((performance.now() - started) / 60_000) + 1;
  const allowed = NONCE_LIMIT * minutes;
  return {
    refused: served <= allowed,
    detail: `${served} of 1000 served (at most ${allowed}: ${NONCE_LIMIT} in each of the ${minutes} minute-long windows it touched)`,
  };
}

const ATTACKS: [string, () => Promise<Outcome>][] = [
  ["a replayed Sign in with DIMO callback URL", replayedDimoCallback],
  ["the live activity stream after sign-out", streamAfterSignOut],
  ["/vehicles/2147483648", tokenIdBeyond32Bits],
  ["a Host rebound to this machine", reboundHost],
  ["an 11 MB POST before authentication", hugeBody],
  ["a forged nonce with a contract wallet's signature", forgedNonce],
  ...shareLandingAttacks(() => baseUrl),
  ...SSRF_ATTACKS,
  ...inboxAttacks(() => baseUrl),
  ...webhookAuthorAttacks(() => baseUrl),
  ...capsAttacks(() => baseUrl),
  ...sandboxHostAttacks(() => {
    if (!sandboxUrl) throw new Error("with --url, --sandbox names the sandbox's address");
    return sandboxUrl;
  }),
  [`${floodRequests.toLocaleString("en")} nonce requests from one client`, nonceFlood],
  ["X-Forwarded-For rotated on 1,000 nonce requests", rotatedForwardedFor],
];

/** A sandbox that knows the dashboard's DIMO login redirect, and the production build on it: the dashboard's URL. */
async function startOwnServers(): Promise<string> {
  if (!hasProductionBuild()) throw new Error("no production build: run npm run build first");
  const port = await freePort();
  const sandbox = await startSandboxServer(["--redirect-uri", loginRedirectUriFor(`http://127.0.0.1:${port}`)]);
  sandboxUrl = sandbox.url;
  const env = { DASHBOARD_ADMINS: WEBHOOK_AUTHOR_ADMIN };
  return (await startDashboard({ sandboxUrl: sandbox.url, authSecret: newAuthSecret(), port, env })).url;
}

async function main(): Promise<void> {
  if (!Number.isInteger(floodRequests) || floodRequests < 1) throw new Error("--flood takes a number of requests");
  if (!values.url) baseUrl = await startOwnServers();
  console.log(`Attacks on ${baseUrl}\n`);
  const rows: string[][] = [];
  for (const [name, attack] of ATTACKS) {
    const outcome = await attack().catch((error: unknown) => ({
      refused: false,
      detail: `the attack could not run: ${error instanceof Error ? error.message : String(error)}`,
    }));
    rows.push([name, outcome.refused ? "refused" : "GOT IN", outcome.detail]);
  }
  console.log(markdownTable(["attack", "result", "measured"], rows));
  const failures = rows.filter(([, result]) => result !== "refused").length;
  console.log(failures === 0 ? "\nEvery attack was refused." : `\n${failures} attack(s) got through.`);
  process.exitCode = failures === 0 ? 0 : 1;
}

stopAllProcessesOnSignal("the servers the bench started");

main()
  .catch((error: unknown) => {
    console.error(`The attacks could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
