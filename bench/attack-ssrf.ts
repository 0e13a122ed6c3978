import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { DEMO_LICENSE, loginRedirectUriFor } from "@/lib/demo-license";
import { sandboxControl } from "@/sandbox/control-client";
import { INTERNAL_SECRET, startInternalService } from "@/test-support/internal-service";
import { freePort } from "@/test-support/processes";
import { hasProductionBuild, newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { type CookieJar } from "./cookies";
import { actionId } from "./server-action";
import { signIn } from "./session";

/**
 * The attacks of server-side request forgery, run by `npm run bench:attacks`: signed in as an admin, the dashboard's
 * "Test from the server" and webhook registration are aimed at services on the server's own machine, on a dashboard in
 * sandbox mode and on one in DIMO_ENV=custom (what a production server does), both on the production build, started
 * here on free loopback ports.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

interface Dashboard {
  url: string;
  jar: CookieJar;
}

const ADMIN_KEY = generatePrivateKey();
const ADMIN = privateKeyToAccount(ADMIN_KEY).address;
const TEST_INPUT = { service: "signals", metricName: "vss.speed", condition: "valueNumber > 55", displayName: "x" };

/** Calls a server action over HTTP as the browser does, and returns the action's result. */
async function callAction(dashboard: Dashboard, name: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${dashboard.url}/webhooks`, {
    method: "POST",
    headers: {
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: dashboard.url,
      cookie: dashboard.jar.header(),
    },
    body: JSON.stringify([input]),
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => row.startsWith("1:"));
  if (!line) throw new Error(`the action answered ${response.status} without a result`);
  return JSON.parse(line.slice(2));
}

const testTarget = (dashboard: Dashboard, targetUrl: string) =>
  callAction(dashboard, "testWebhookTargetAction", { ...TEST_INPUT, targetUrl }) as Promise<{
    ok: boolean;
    data?: { bodyStart: string; status: number | null };
    error?: { code: string; message: string };
  }>;

const answerText = (result: unknown) => JSON.stringify(result);

/** In custom mode, the internal HTTPS service by address and by name: nothing read, nothing connected. */
async function internalService(custom: Dashboard): Promise<Outcome> {
  const service = await startInternalService("https");
  try {
    const answers = [];
    for (const host of ["127.0.0.1", "localhost", "2130706433", "0x7f.1", "[::ffff:127.0.0.1]"])
      answers.push(answerText(await testTarget(custom, `https://${host}:${service.port}/secret`)));
    const leaked = answers.filter((answer) =>
      /internal-service-secret|secret-internal|127\.0\.0\.1|ECONN/.test(answer),
    );
    return {
      refused: leaked.length === 0 && service.connections === 0,
      detail: `${answers.length} targets: ${leaked.length} answers named the secret, a certificate name or an address; ${service.connections} connections reached the service; said "${/could not POST[^"]*/.exec(answers[0] ?? "")?.[0] ?? answers[0]}"`,
    };
  } finally {
    await service.close();
  }
}

/** In custom mode, an open, a closed and a non-TLS port: answered alike, so no port can be told from another. */
async function portScan(custom: Dashboard): Promise<Outcome> {
  const https = await startInternalService("https");
  const http = await startInternalService("http");
  const closedPort = await freePort();
  try {
    const ports = [https.port, closedPort, http.port];
    const answers = await Promise.all(
      ports.map(async (port) => {
        const result = await testTarget(custom, `https://127.0.0.1:${port}/`);
        return result.data?.bodyStart ?? result.error?.message ?? "";
      }),
    );
    return {
      refused: new Set(answers).size === 1 && !answers.some((answer) => answer.includes(INTERNAL_SECRET)),
      detail: `${new Set(answers).size} distinct answer(s) for open, closed and non-TLS ports`,
    };
  } finally {
    await Promise.all([https.close(), http.close()]);
  }
}

/** In sandbox mode, tests and a webhook aimed at the sandbox's own reset, however its address is written. */
async function sandboxReset(sandboxUrl: string, dashboard: Dashboard): Promise<Outcome> {
  const control = sandboxControl(sandboxUrl);
  await control.advanceClock(3_600);
  const { port } = new URL(sandboxUrl);
  const targets = [`${sandboxUrl}/__sandbox/reset`, `http://2130706433:${port}/__sandbox/reset`];
  targets.push(`http://0x7f.1:${port}/__sandbox/reset`, `http://localhost:${port}/__sandbox/reset`);
  for (const targetUrl of targets) await testTarget(dashboard, targetUrl);
  const created = await callAction(dashboard, "createWebhookAction", {
    ...TEST_INPUT,
    coolDownPeriod: 0,
    targetUrl: targets[0],
    verificationToken: "anything",
  });
  const plain = await fetch(`${sandboxUrl}/__sandbox/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const offset = (await control.clock()).offsetSeconds;
  await control.resetClock();
  return {
    refused: offset === 3_600 && plain.status === 403,
    detail: `${targets.length} tests and a webhook registration aimed at /__sandbox/reset: the clock kept ${offset} s of 3600; a JSON POST without the control header answered ${plain.status}; registration ${(created as { ok?: boolean }).ok ? "accepted" : "refused"}`,
  };
}

/** Thirty tests at once from one session to a target that answers after 10 s: how many connections are held. */
async function heldConnections(dashboard: Dashboard): Promise<Outcome> {
  let reached = 0;
  const slow = createServer((_request, response) => {
    reached += 1;
    setTimeout(() => response.end("late"), 10_000);
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  try {
    const target = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`;
    const results = await Promise.all(Array.from({ length: 30 }, () => testTarget(dashboard, target)));
    const busy = results.filter((result) => result.error?.code === "RATE_LIMITED").length;
    return { refused: reached <= 2, detail: `30 at once: ${reached} reached the target, ${busy} answered busy` };
  } finally {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  }
}

async function signedIn(url: string): Promise<Dashboard> {
  return { url, jar: await signIn(url, ADMIN_KEY) };
}

/** A sandbox, a dashboard in sandbox mode and one in custom mode on the same sandbox, with ADMIN as an admin. */
async function startServers(): Promise<{ sandboxUrl: string; sandboxMode: Dashboard; custom: Dashboard }> {
  if (!hasProductionBuild()) throw new Error("no production build: run npm run build first");
  const [sandboxPort, customPort] = [await freePort(), await freePort()];
  const sandbox = await startSandboxServer([
    ...["--redirect-uri", loginRedirectUriFor(`http://127.0.0.1:${sandboxPort}`)],
    ...["--redirect-uri", loginRedirectUriFor(`http://127.0.0.1:${customPort}`)],
  ]);
  const admins = { DASHBOARD_ADMINS: ADMIN };
  const sandboxMode = await startDashboard({
    sandboxUrl: sandbox.url,
    authSecret: newAuthSecret(),
    port: sandboxPort,
    env: admins,
  });
  const custom = await startDashboard({
    sandboxUrl: sandbox.url,
    authSecret: newAuthSecret(),
    port: customPort,
    env: {
      ...admins,
      DIMO_ENV: "custom",
      DIMO_CLIENT_ID: DEMO_LICENSE.clientId,
      DIMO_DOMAIN: DEMO_LICENSE.redirectUri,
      DIMO_API_KEY: DEMO_LICENSE.apiKey,
      DIMO_LOGIN_URL: `${sandbox.url}/login`,
    },
  });
  return { sandboxUrl: sandbox.url, sandboxMode: await signedIn(sandboxMode.url), custom: await signedIn(custom.url) };
}

let servers: ReturnType<typeof startServers> | undefined;
/** Started once, by the first attack that needs them; stopped with every other process the bench started. */
const ssrfServers = () => (servers ??= startServers());

/** The attacks, each refused or not with what it measured; bench/attacks.ts runs them among its own. */
export const SSRF_ATTACKS: [string, () => Promise<Outcome>][] = [
  [
    "custom: tests aimed at an internal HTTPS service on loopback",
    async () => internalService((await ssrfServers()).custom),
  ],
  ["custom: an open, a closed and a non-TLS port told apart", async () => portScan((await ssrfServers()).custom)],
  [
    "sandbox: tests and a webhook aimed at /__sandbox/reset",
    async () => {
      const { sandboxUrl, sandboxMode } = await ssrfServers();
      return sandboxReset(sandboxUrl, sandboxMode);
    },
  ],
  ["sandbox: 30 tests at once from one session", async () => heldConnections((await ssrfServers()).sandboxMode)],
];
