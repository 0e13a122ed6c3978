import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { curlCommand } from "@/components/developer/curl-command";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { type ActivityEntry } from "@/lib/models";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { LOGGED_BODY_MAX } from "./redact";

/**
 * What the activity log keeps for "copy as cURL", against the sandbox: enough to send a call again (run through a
 * real shell and curl here), never a token, the API key or a signature, and the shared calls credited to the vehicle
 * they served.
 */

const run = promisify(execFile);

const sandbox = setUpSandbox();
const { control } = sandbox;
beforeEach(async () => {
  await control.reset();
});

const find = (activity: ActivityEntry[], test: (entry: ActivityEntry) => boolean) => {
  const entry = activity.find(test);
  if (entry === undefined) throw new Error("no such activity entry");
  return entry;
};

describe("activity entries for replay", () => {
  it("keep headers and safe bodies, name the bearer by kind, and hold no secret", async () => {
    const { client, activity } = testClient(sandbox.url);
    await client.listTrips(21957, 2);
    await client.getValuation(21957);

    const trips = find(activity, (e) => e.service === "trips");
    expect(trips.replay).toEqual({ headers: { accept: "application/json" }, bearer: "vehicle", notReplayable: null });
    expect(trips.url).toBe(`${sandbox.url}/trips/v1/vehicle/21957/trips?page=2`);

    const exchange = find(activity, (e) => e.service === "tokenExchange" && e.cache === "miss");
    expect(exchange.replay?.bearer).toBe("developer");
    expect(exchange.replay?.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
    expect(JSON.parse(exchange.replay?.body ?? "null")).toEqual({
      nftContractAddress: "0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF",
      privileges: [1, 4, 5],
      tokenId: 21957,
    });

    const identity = find(activity, (e) => e.service === "identity");
    expect(identity.replay?.body).toContain("vehicle(tokenId: 21957)");
    expect(identity.replay?.bearer).toBeUndefined();

    // The challenge flow: the query (challenge) and the form (signature, state) are not kept, so not replayable.
    const auth = activity.filter((e) => e.service === "auth");
    expect(auth.map((e) => e.path)).toEqual(["/auth/web3/generate_challenge", "/auth/web3/submit_challenge"]);
    for (const entry of auth) {
      expect(entry.replay?.body).toBeUndefined();
      expect(entry.replay?.notReplayable).toMatch(/signature/);
    }

    // Cache hits sent nothing and keep nothing to replay.
    const hit = find(activity, (e) => e.cache === "hit");
    expect(hit.replay).toBeUndefined();

    const developerJwt = await client.getRawToken("developer");
    const vehicleJwt = await client.getRawToken("vehicle", 21957);
    const text = JSON.stringify(activity).toLowerCase();
    for (const secret of [developerJwt, vehicleJwt, DEMO_LICENSE.apiKey.slice(2)])
      expect(text).not.toContain(secret.toLowerCase());
    expect(text).not.toMatch(/eyj[a-z0-9_-]+\.eyj/);
    // The bearer token shows only as its kind, in the logged request; the replay never holds the header at all.
    expect(
      text
        .match(/"authorization":"[^"]*"/g)
        ?.every((header) => /^"authorization":"bearer \[redacted (developer|vehicle) jwt\]"$/.test(header)),
    ).toBe(true);
    for (const entry of activity) expect(entry.replay?.headers.authorization).toBeUndefined();
  });

  it("keep redacted, bounded copies of each request and response", async () => {
    const { client, activity } = testClient(sandbox.url);
    await client.listTrips(21957, 2);
    const submit = find(activity, (e) => e.path === "/auth/web3/submit_challenge");
    expect(submit.request?.body).toMatch(/signature=\[redacted\]$/);
    expect(submit.request?.body).toContain("grant_type=authorization_code");
    expect(JSON.parse(submit.response?.body ?? "null")).toMatchObject({
      access_token: "[redacted]",
      id_token: "[redacted]",
    });
    const exchange = find(activity, (e) => e.service === "tokenExchange" && e.cache === "miss");
    expect(exchange.request?.headers.authorization).toBe("Bearer [redacted developer JWT]");
    expect(exchange.response?.body).toBe('{"token":"[redacted]"}');
    const trips = find(activity, (e) => e.service === "trips");
    expect(trips.response?.headers["content-type"]).toMatch(/^application\/json/);
    // A page of trips is about 33 KB; the log keeps its first LOGGED_BODY_MAX characters and says it cut the rest.
    expect(trips.response?.truncated).toBe(true);
    expect(trips.response?.body).toHaveLength(LOGGED_BODY_MAX);
    expect(trips.tries).toEqual([{ status: 200, durationMs: expect.any(Number) as number }]);
    for (const entry of activity) expect(JSON.stringify(entry).length).toBeLessThan(8_000);
  });

  it("credit the Developer JWT's calls to the vehicle whose exchange they served", async () => {
    const { client, activity } = testClient(sandbox.url);
    await client.listTrips(18234, 1);
    await client.listTrips(21957, 1);
    const shared = activity.filter((e) => e.tokenKind === "developer");
    // The first vehicle's exchange ran the challenge flow; the second one's reused the cached token.
    const flow = shared.filter((e) => e.cache === "miss");
    expect(flow.map((e) => [e.path, e.forTokenId])).toEqual([
      ["/auth/web3/generate_challenge", 18234],
      ["/auth/web3/submit_challenge", 18234],
    ]);
    expect(shared.filter((e) => e.cache === "hit").map((e) => e.forTokenId)).toEqual([21957]);
    // The vehicles' own calls carry their own token id and no forTokenId.
    for (const entry of activity.filter((e) => e.tokenKind === "vehicle")) expect(entry.forTokenId).toBeUndefined();
  });

  it("replay through a shell and curl to the same answer the client got", async () => {
    const { client, activity } = testClient(sandbox.url);
    const page = await client.listTrips(21957, 3);
    const command = curlCommand(find(activity, (e) => e.service === "trips"));
    if (!command.ok) throw new Error(command.reason);
    const token = await client.getRawToken("vehicle", 21957);
    const { stdout } = await run("/bin/sh", ["-c", command.command], { env: { ...process.env, DIMO_TOKEN: token } });
    const body = JSON.parse(stdout) as { currentPage: number; trips: Array<{ id: string }> };
    expect(body.currentPage).toBe(3);
    expect(body.trips.map((trip) => trip.id)).toEqual(page.trips.map((trip) => trip.id));

    // The exchange replays too, with the Developer JWT in the placeholder.
    const exchange = curlCommand(find(activity, (e) => e.service === "tokenExchange" && e.cache === "miss"));
    if (!exchange.ok) throw new Error(exchange.reason);
    const developerJwt = await client.getRawToken("developer");
    const exchanged = await run("/bin/sh", ["-c", exchange.command], {
      env: { ...process.env, DIMO_TOKEN: developerJwt },
    });
    expect(JSON.parse(exchanged.stdout)).toEqual({ token: expect.stringMatching(/^eyJ/) });
  });
});
