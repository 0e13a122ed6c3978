import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createSiweMessage } from "viem/siwe";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { CookieJar } from "./cookies";
import { SESSION_COOKIE, signIn } from "./session";

/**
 * An attacker's script against a running dashboard in sandbox mode (`npm run dev`, then `npm run bench:attacks`):
 * each attack tried as an outsider would, over plain HTTP, and whether the dashboard refused it, with what it
 * measured. Exits 1 when an attack got through. The attacks that use up a sign-in limit run last, since the limits
 * would refuse the others' sign-ins for a minute.
 */

const { values } = parseArgs({ options: { url: { type: "string", default: "http://localhost:3000" } } });
const baseUrl = values.url.replace(/\/+$/, "");

interface Outcome {
  refused: boolean;
  detail: string;
}

const HEARTBEAT_MS = 15_000;
const NONCE_LIMIT = 30;

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

/** 1,000 nonce requests, each claiming another address in X-Forwarded-For. */
async function rotatedForwardedFor(): Promise<Outcome> {
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
  return { refused: served <= NONCE_LIMIT, detail: `${served} of 1000 served (the limit is ${NONCE_LIMIT} a minute)` };
}

const ATTACKS: [string, () => Promise<Outcome>][] = [
  ["a replayed Sign in with DIMO callback URL", replayedDimoCallback],
  ["the live activity stream after sign-out", streamAfterSignOut],
  ["/vehicles/2147483648", tokenIdBeyond32Bits],
  ["a Host rebound to this machine", reboundHost],
  ["an 11 MB POST before authentication", hugeBody],
  ["a forged nonce with a contract wallet's signature", forgedNonce],
  ["X-Forwarded-For rotated on 1,000 nonce requests", rotatedForwardedFor],
];

async function main(): Promise<void> {
  let failures = 0;
  console.log(`Attacks on ${baseUrl}\n`);
  for (const [name, attack] of ATTACKS) {
    const outcome = await attack().catch((error: unknown) => ({
      refused: false,
      detail: `the attack could not run: ${error instanceof Error ? error.message : String(error)}`,
    }));
    if (!outcome.refused) failures += 1;
    console.log(`${outcome.refused ? "refused " : "GOT IN  "} ${name}: ${outcome.detail}`);
  }
  console.log(failures === 0 ? "\nEvery attack was refused." : `\n${failures} attack(s) got through.`);
  process.exit(failures === 0 ? 0 : 1);
}

void main();
