import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS } from "@/lib/demo-license";
import { verifyDimoToken } from "@/lib/auth/dimo-token";
import { encodePermissions, type PrivilegeId, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import {
  DEV_REDIRECT_URI,
  formFields,
  type FormFields,
  ownerLoginPage,
  shareLinkFields,
  unescapeHtml,
} from "@/test-support/owner-share";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { isoSeconds } from "../../seed/times";
import { DEMO_GRANTED_VEHICLE_IDS, shareableVehicleIds } from "../../seed/vehicles";
import { OTHER_LICENSE } from "../../seed/wallets";
import { oneYearAfter } from "./share-link";

const suite = setUpSandbox();
const STRANGER = DEMO_LOGIN_ACCOUNTS.stranger;
const DAY_S = 24 * 60 * 60;
const DEV_URI = DEV_REDIRECT_URI;
const link = shareLinkFields;
const { open, post, vehiclePage, share } = ownerLoginPage(() => suite.url);

const tickable = (html: string) => [...html.matchAll(/data-vehicle="(\d+)"/g)].map((m) => Number(m[1]));
const sharedOn = (html: string) => [...html.matchAll(/data-shared="(\d+)"/g)].map((m) => Number(m[1]));

async function identity<T>(source: string): Promise<T> {
  const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query: source } });
  expect(answer.status).toBe(200);
  const body = answer.body as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const demoVehicleIds = async () =>
  (
    await identity<{ vehicles: { nodes: { tokenId: number }[] } }>(
      `{ vehicles(filterBy: {privileged: "${DEMO_LICENSE.clientId}"}, first: 100) { nodes { tokenId } } }`,
    )
  ).vehicles.nodes.map((n) => n.tokenId);

const sacd = async (tokenId: number) =>
  (
    await identity<{
      vehicle: { sacd: { grantee: string; permissions: string; expiresAt: string; source: string } | null };
    }>(
      `{ vehicle(tokenId: ${tokenId}) { sacd(grantee: "${DEMO_LICENSE.clientId}") { grantee permissions expiresAt source } } }`,
    )
  ).vehicle.sacd;

async function exchange(tokenId: number, privileges: PrivilegeId[]) {
  suite.forgetTokens();
  return request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
    method: "POST",
    bearer: await suite.developerJwt(),
    json: { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges, tokenId },
  });
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

describe("a share link on the sandbox's login page", () => {
  // Several tests share or revoke vehicles; each starts from the seeded grants.
  beforeEach(() => suite.control.reset());

  it("shows the license, the permissions in words, the default expiry, and the owner's vehicles that fit", async () => {
    const clock = await suite.control.freezeClock();
    try {
      const start = await open(
        link([
          ["permissions", "1001"],
          ["powertrainTypes", "BEV"],
        ]),
      );
      expect(start.status).toBe(200);
      expect(start.headers.get("content-type")).toMatch(/^text\/html/);
      expect(start.text).toContain(DEMO_LICENSE.alias);
      expect([...start.text.matchAll(/data-privilege="(\d)"/g)].map((m) => m[1])).toEqual(["1", "4"]);
      expect(start.text).toContain("every trip and its route");
      expect(start.text).toContain(
        `data-expires="${new Date(Date.parse(isoSeconds(oneYearAfter(Date.parse(clock.now))))).toISOString()}"`,
      );
      expect(start.text).not.toMatch(/<script|<link|<img|src=/i);

      // Up to 16 characters pass, as in DIMO's login, and only the first eight are read.
      const long = await open(link([["permissions", "1001000011111111"]]));
      expect(long.status).toBe(200);
      expect([...long.text.matchAll(/data-privilege="(\d)"/g)].map((m) => m[1])).toEqual(["1", "4"]);

      const page = await vehiclePage([
        ["permissions", "1001"],
        ["powertrainTypes", "BEV"],
      ]);
      expect(page).toContain(STRANGER.email);
      expect(tickable(page)).toEqual([7303, 7302, 7301]);
      // The owner's other vehicles are named, without a box to tick.
      expect(page).toContain('data-unfit="7305"');
      expect(page).toContain('data-unfit="7304"');
    } finally {
      await suite.control.resetClock();
    }
  });

  it("filters on makes, powertrains and token ids together, arrays as repeated keys, case aside", async () => {
    const makes = await vehiclePage([
      ["permissions", "1"],
      ["vehicleMakes", "tesla"],
      ["vehicleMakes", "FORD"],
    ]);
    expect(tickable(makes)).toEqual([7302, 7301]);
    const hybrid = await vehiclePage([
      ["permissions", "1"],
      ["vehicleMakes", "Toyota"],
      ["powertrainTypes", "hev"],
    ]);
    expect(tickable(hybrid)).toEqual([7304]);
    const byId = await vehiclePage([
      ["permissions", "1"],
      ["vehicles", "7303"],
      ["vehicles", "7306"],
    ]);
    expect(tickable(byId)).toEqual([7303]);
    expect(tickable(await vehiclePage([["permissions", "1"]], "admin"))).toEqual(shareableVehicleIds("admin"));
    // The license owner's account owns no vehicle: nothing to tick, and no form to share with.
    const none = await vehiclePage([["permissions", "1"]], "owner");
    expect(tickable(none)).toEqual([]);
    expect(none).toContain('data-empty="offered"');
  });

  it("writes the grants on approval: the identity API lists them and the exchange gives exactly those privileges", async () => {
    expect(await demoVehicleIds()).toEqual(DEMO_GRANTED_VEHICLE_IDS);
    const { now } = await suite.control.clock();
    const expiry = isoSeconds(Date.parse(now) + 90 * DAY_S * 1000);
    const back = await share(
      [
        ["permissions", "10010000"],
        ["powertrainTypes", "BEV"],
        ["expirationDate", expiry],
        ["utm", "utm_source=sandbox&utm_campaign=bevs"],
      ],
      [7301, 7302],
    );
    expect(back.status, back.text).toBe(303);
    const url = new URL(back.headers.get("location") ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(DEV_URI);
    expect([...url.searchParams.keys()].sort()).toEqual([
      "email",
      "sharedVehicles",
      "token",
      "utm_campaign",
      "utm_source",
      "walletAddress",
    ]);
    expect(url.searchParams.get("sharedVehicles")).toBe("7301,7302");
    expect(url.searchParams.get("utm_campaign")).toBe("bevs");
    expect(url.searchParams.get("walletAddress")).toBe(STRANGER.address);
    const person = await verifyDimoToken(url.searchParams.get("token") ?? "", {
      authUrl: `${suite.url}/auth`,
      clientId: DEMO_LICENSE.clientId,
    });
    expect(person).toMatchObject({ address: STRANGER.address.toLowerCase(), email: STRANGER.email });

    expect(await demoVehicleIds()).toEqual([...DEMO_GRANTED_VEHICLE_IDS, 7302, 7301]);
    for (const id of [7301, 7302]) {
      expect(await sacd(id)).toMatchObject({
        grantee: DEMO_LICENSE.clientId,
        permissions: encodePermissions([1, 4]),
        expiresAt: expiry,
        source: expect.stringMatching(/^ipfs:\/\/bafkrei[a-z2-7]{52}$/),
      });
    }
    const vehicleJwt = await exchange(7301, [1, 4]);
    expect(vehicleJwt.status).toBe(200);
    expect(claimsOf((vehicleJwt.body as { token: string }).token)).toMatchObject({ privilege_ids: [1, 4] });
    expect((await exchange(7302, [1, 4, 5])).status).toBe(403);
    expect((await exchange(7303, [1])).status).toBe(403);

    // Shared vehicles leave the boxes and appear with a way to revoke.
    const again = await vehiclePage([
      ["permissions", "1001"],
      ["powertrainTypes", "BEV"],
    ]);
    expect(tickable(again)).toEqual([7303]);
    expect(sharedOn(again)).toEqual([7302, 7301]);
  });

  it("grants a template's permissions when the link names one, whatever its bit string says", async () => {
    const back = await share(
      [
        ["permissionTemplateId", "2"],
        ["permissions", "11111111"],
      ],
      [7306],
      "admin",
    );
    expect(back.status, back.text).toBe(303);
    expect(new URL(back.headers.get("location") ?? "").searchParams.get("sharedVehicles")).toBe("7306");
    expect((await sacd(7306))?.permissions).toBe(encodePermissions([1, 4, 5]));
    expect((await exchange(7306, [1, 4, 5])).status).toBe(200);
    expect((await exchange(7306, [2])).status).toBe(403);
  });

  it("honours the expiry by the sandbox clock: the default one year, and a date given", async () => {
    const { now } = await suite.control.freezeClock();
    try {
      const nowMs = Date.parse(now);
      expect((await share([["permissions", "1"]], [7307], "admin")).status).toBe(303);
      expect((await sacd(7307))?.expiresAt).toBe(isoSeconds(oneYearAfter(nowMs)));

      const tenDays = new Date(nowMs + 10 * DAY_S * 1000).toISOString();
      expect(
        (
          await share(
            [
              ["permissions", "1"],
              ["expirationDate", tenDays],
            ],
            [7305],
          )
        ).status,
      ).toBe(303);
      expect((await sacd(7305))?.expiresAt).toBe(isoSeconds(Date.parse(tenDays)));
      expect((await exchange(7305, [1])).status).toBe(200);

      await suite.control.advanceClock(10 * DAY_S + 1);
      expect((await exchange(7305, [1])).status).toBe(403);
      expect(await sacd(7305)).toBeNull();
      expect(await demoVehicleIds()).not.toContain(7305);
      expect((await exchange(7307, [1])).status).toBe(200);
    } finally {
      await suite.control.resetClock();
    }
  });

  it("lets the owner revoke a share: access ends at once, and the vehicle can be shared again", async () => {
    expect((await share([["permissions", "1001"]], [7303])).status).toBe(303);
    expect((await exchange(7303, [1, 4])).status).toBe(200);

    const page = await vehiclePage([["permissions", "1001"]]);
    expect(sharedOn(page)).toContain(7303);
    const back = await post(formFields(page, 'data-revoke="7303"'));
    expect(back.status, back.text).toBe(303);
    const url = new URL(back.headers.get("location") ?? "");
    expect(url.searchParams.get("revokedVehicles")).toBe("7303");
    expect(url.searchParams.get("walletAddress")).toBe(STRANGER.address);

    expect((await exchange(7303, [1])).status).toBe(403);
    expect(await sacd(7303)).toBeNull();
    expect(await demoVehicleIds()).not.toContain(7303);
    const after = await vehiclePage([["permissions", "1001"]]);
    expect(sharedOn(after)).not.toContain(7303);
    expect(tickable(after)).toContain(7303);
  });

  it("accepts the dashboard's landing page as a redirect URI of the demo license, as it does the sign-in page", async () => {
    const landing = "http://localhost:3000/share/landing";
    const answer = await open([
      ["clientId", DEMO_LICENSE.clientId],
      ["redirectUri", landing],
      ["entryState", "VEHICLE_MANAGER"],
      ["permissions", "1"],
    ]);
    expect(answer.status).toBe(200);
    expect(unescapeHtml(answer.text)).toContain(landing);

    const elsewhere = await open([
      ["clientId", DEMO_LICENSE.clientId],
      ["redirectUri", "http://localhost:3000/share/other"],
      ["entryState", "VEHICLE_MANAGER"],
      ["permissions", "1"],
    ]);
    expect(elsewhere.status).toBe(400);
  });

  it("refuses to share or revoke a vehicle the link does not offer the owner, and writes nothing", async () => {
    const page = await vehiclePage([
      ["permissions", "1"],
      ["powertrainTypes", "BEV"],
    ]);
    const fields = formFields(page, 'data-form="share"');
    for (const id of [7304, 7306, DEMO_GRANTED_VEHICLE_IDS[0] ?? 0, 999_999]) {
      const answer = await post([...fields, ["vehicle", String(id)]]);
      expect(answer.status, String(id)).toBe(400);
      expect(answer.text).toContain("is not one this link lets you share");
    }
    expect((await post(fields)).status).toBe(400);
    const revoke = await post([...formFields(page, 'data-form="share"'), ["step", "revoke"], ["vehicle", "7304"]]);
    expect(revoke.status).toBe(400);
    expect(await sacd(7304)).toBeNull();
  });
});

describe("share links the login page refuses", () => {
  const grantsNow = async () => Promise.all([demoVehicleIds(), sacd(7304)]);

  it("refuses an unknown client id and an unregistered redirect URI with a page, and writes nothing", async () => {
    const before = await grantsNow();
    const unknown = await open([
      ["clientId", "0x1111111111111111111111111111111111111111"],
      ["redirectUri", DEV_URI],
      ["entryState", "VEHICLE_MANAGER"],
      ["permissions", "1"],
    ]);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
    expect(unknown.text).toContain("Invalid client_id.");

    for (const redirectUri of ["http://evil.example/", OTHER_LICENSE.redirectUri, `${DEV_URI}/`]) {
      const answer = await open([
        ["clientId", DEMO_LICENSE.clientId],
        ["redirectUri", redirectUri],
        ["entryState", "VEHICLE_MANAGER"],
        ["permissions", "1"],
      ]);
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.text).toContain("Unregistered redirect_uri.");
    }

    // A form posted with a redirect URI changed on the way is checked again.
    const page = await vehiclePage([["permissions", "1"]]);
    const fields = formFields(page, 'data-form="share"').map(([name, value]): [string, string] =>
      name === "redirectUri" ? [name, "http://evil.example/"] : [name, value],
    );
    expect((await post([...fields, ["vehicle", "7304"]])).status).toBe(400);
    expect(await grantsNow()).toEqual(before);
  });

  it("refuses malformed, missing or empty permissions, an unknown template and an expiry past, with the reason", async () => {
    const before = await grantsNow();
    const cases: [FormFields, string][] = [
      [[["permissions", "10x1"]], "Permissions must be a string of 0s and 1s with a maximum length of 16."],
      [[["permissions", "1".repeat(17)]], "Permissions must be a string of 0s and 1s with a maximum length of 16."],
      [[["permissions", "0000000011111111"]], "The link asks for no permission"],
      [[], "Missing permissions, please specify permissions requested."],
      [[["permissions", "00000000"]], "The link asks for no permission"],
      [[["permissionTemplateId", "99"]], "There is no permission template 99."],
      [
        [
          ["permissions", "1"],
          ["expirationDate", "2001-01-01T00:00:00Z"],
        ],
        "has passed",
      ],
    ];
    for (const [terms, words] of cases) {
      const answer = await open(link(terms));
      expect(answer.status, JSON.stringify(terms)).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(answer.text).toContain(words);
      expect(answer.text).not.toContain("data-account");
    }
    // The same link posted straight to the share step is refused the same way.
    const answer = await post([
      ...link([["permissions", "2"]]),
      ["account", "stranger"],
      ["step", "share"],
      ["vehicle", "7304"],
    ]);
    expect(answer.status).toBe(400);
    expect(await grantsNow()).toEqual(before);
  });

  it("leaves the sign-in without entryState as it was: JSON errors in the default profile", async () => {
    const answer = await open([
      ["clientId", DEMO_LICENSE.clientId],
      ["redirectUri", "http://evil.example/"],
    ]);
    expect(JSON.parse(answer.text)).toEqual({ status: 400, message: "Unregistered redirect_uri." });
  });
});

describe("a share link in the realistic profile", () => {
  const realistic = setUpSandbox({ profile: "realistic" });

  it("refuses an unknown client id with DIMO's HTML error page, and plays a valid link", async () => {
    const unknown = await request(
      `${realistic.url}/login/?${new URLSearchParams([
        ["clientId", "0x1111111111111111111111111111111111111111"],
        ["redirectUri", DEV_URI],
        ["entryState", "VEHICLE_MANAGER"],
        ["permissions", "1"],
      ])}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<h2 class="theme-heading">Not Found</h2>');
    const valid = await request(`${realistic.url}/login/?${new URLSearchParams(link([["permissions", "1"]]))}`);
    expect(valid.status).toBe(200);
    expect(valid.text).toContain('data-account="stranger"');
  });
});

describe("the control surface's reset", () => {
  it("takes shares made through a link back to the seeded grants", async () => {
    await suite.control.reset();
    const shared = await share([["permissions", "1001"]], [7301]);
    expect(shared.status, shared.text).toBe(303);
    expect(await demoVehicleIds()).toContain(7301);
    await suite.control.reset();
    expect(await demoVehicleIds()).not.toContain(7301);
    expect(await sacd(7301)).toBeNull();
    expect((await demoVehicleIds()).sort()).toEqual([...DEMO_GRANTED_VEHICLE_IDS].sort());
  });
});
