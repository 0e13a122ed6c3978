import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { requestWithHost } from "@/test-support/host-request";
import {
  DEV_REDIRECT_URI,
  formFields,
  type FormFields,
  ownerLoginPage,
  shareLinkFields,
} from "@/test-support/owner-share";
import { request, setUpSandbox } from "@/test-support/sandbox";

/**
 * Over real HTTP, as a browser sends them: a page on evil.example whose name now resolves to 127.0.0.1 (DNS rebinding)
 * is same-origin with the sandbox to the browser. Its requests name evil.example in Host and Origin, and must neither
 * read the login page nor write or revoke a grant.
 */

const suite = setUpSandbox();
const { post, vehiclePage, share } = ownerLoginPage(() => suite.url);
const LINK: FormFields = [["permissions", "1"]];
const SIGN_IN: FormFields = [
  ["clientId", DEMO_LICENSE.clientId],
  ["redirectUri", DEV_REDIRECT_URI],
  ["account", "owner"],
];

const port = () => new URL(suite.url).port;
const rebound = () => `evil.example:${port()}`;

/** The login page's form, posted by a page at `host` (its Origin), to the sandbox's own address. */
const postAs = (host: string, fields: FormFields, origin = `http://${host}`) =>
  requestWithHost(`${suite.url}/login/`, host, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields).toString(),
  });

/** The vehicles the demo license holds a live grant on, by the identity API. */
async function sharedWithDemo(): Promise<number[]> {
  const query = `{ vehicles(filterBy: {privileged: "${DEMO_LICENSE.clientId}"}, first: 100) { nodes { tokenId } } }`;
  const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query } });
  expect(answer.status).toBe(200);
  return (answer.body as { data: { vehicles: { nodes: { tokenId: number }[] } } }).data.vehicles.nodes.map(
    (node) => node.tokenId,
  );
}

describe("the sandbox's login page on a rebound name", () => {
  beforeEach(() => suite.control.reset());

  it("refuses a share posted from the rebound page, and writes no grant", async () => {
    const fields: FormFields = [...formFields(await vehiclePage(LINK), 'data-form="share"'), ["vehicle", "7301"]];
    const before = await sharedWithDemo();
    expect(before).not.toContain(7301);

    const answer = await postAs(rebound(), fields);
    expect(answer.status).toBe(403);
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.text).toMatch(/Host/);
    expect(answer.location).toBeUndefined();
    expect(await sharedWithDemo()).toEqual(before);

    // The same form from the page itself shares the vehicle: the refusal was the Host's.
    expect((await post(fields)).status).toBe(303);
    expect(await sharedWithDemo()).toContain(7301);
  });

  it("refuses a revoke posted from the rebound page, and the grant stays", async () => {
    expect((await share(LINK, [7301])).status).toBe(303);
    const fields = formFields(await vehiclePage(LINK), 'data-revoke="7301"');

    const answer = await postAs(rebound(), fields);
    expect(answer.status).toBe(403);
    expect(answer.location).toBeUndefined();
    expect(await sharedWithDemo()).toContain(7301);

    expect((await post(fields)).status).toBe(303);
    expect(await sharedWithDemo()).not.toContain(7301);
  });

  it("refuses to show the page, or sign in, at any Host but a loopback one on the sandbox's port", async () => {
    const page = `${suite.url}/login/?${new URLSearchParams(shareLinkFields(LINK))}`;
    for (const host of [rebound(), "evil.example", `127.0.0.1.evil.example:${port()}`, "127.0.0.1:1"]) {
      const answer = await requestWithHost(page, host);
      expect(answer.status, host).toBe(403);
      expect(answer.contentType, host).toMatch(/^text\/plain/);
      expect(answer.text, host).not.toMatch(/<form/);
    }
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`]) {
      const answer = await requestWithHost(page, host);
      expect(answer.status, host).toBe(200);
      expect(answer.text, host).toMatch(/<form/);
    }
    const signIn = await postAs(rebound(), SIGN_IN);
    expect(signIn.status).toBe(403);
    expect(signIn.location).toBeUndefined();
  });

  it("takes posts from the sandbox's own origins only, whichever loopback name the page was opened at", async () => {
    const own = `127.0.0.1:${port()}`;
    for (const origin of [`http://localhost:${port()}`, `http://[::1]:${port()}`, `http://${own}`]) {
      const answer = await postAs(own, SIGN_IN, origin);
      expect(answer.status, origin).toBe(303);
      expect(answer.location, origin).toMatch(/^http:\/\/localhost:3000\/login\/dimo\?token=/);
    }
    for (const origin of [`http://${rebound()}`, `https://${own}`, `http://127.0.0.2:${port()}`, "null"]) {
      const answer = await postAs(own, SIGN_IN, origin);
      expect(answer.status, origin).toBe(403);
      expect(answer.text, origin).toMatch(/Origin/);
    }
  });
});
