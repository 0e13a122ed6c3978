import { DEMO_LICENSE } from "@/lib/demo-license";
import { requestWithHost } from "@/test-support/host-request";
import { formFields, type FormFields, ownerLoginPage, shareLinkFields } from "@/test-support/owner-share";

/**
 * An attacker's script for the sandbox's login page (run by `npm run bench:attacks`, which lists these beside its
 * own): a page on evil.example whose name was rebound to 127.0.0.1 (DNS rebinding), so the browser sends its requests
 * to the sandbox with `Host` and `Origin` naming evil.example. It tries to share a vehicle with the demo license, to
 * revoke a share, and to read the page. Each attack puts the sandbox's grants back as it found them.
 */

interface Outcome {
  refused: boolean;
  detail: string;
}

const LINK: FormFields = [["permissions", "1"]];

/** The attacks, for the sandbox at `sandboxUrl()` (the sandbox's URL, not the dashboard's; read when each runs). */
export function sandboxHostAttacks(sandboxUrl: () => string): [string, () => Promise<Outcome>][] {
  const owner = ownerLoginPage(sandboxUrl);
  const rebound = () => `evil.example:${new URL(sandboxUrl()).port}`;

  const postFromRebound = (fields: FormFields) =>
    requestWithHost(`${sandboxUrl()}/login/`, rebound(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${rebound()}` },
      body: new URLSearchParams(fields).toString(),
    });

  async function sharedWithDemo(): Promise<number[]> {
    const query = `{ vehicles(filterBy: {privileged: "${DEMO_LICENSE.clientId}"}, first: 100) { nodes { tokenId } } }`;
    const response = await fetch(`${sandboxUrl()}/identity/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data: { vehicles: { nodes: { tokenId: number }[] } } };
    return body.data.vehicles.nodes.map((node) => node.tokenId);
  }

  /** A vehicle the link offers the owner (not shared with the demo license), and the page's share form. */
  async function offeredVehicle(): Promise<{ id: string; shareForm: FormFields }> {
    const page = await owner.vehiclePage(LINK);
    const id = /data-vehicle="(\d+)"/.exec(page)?.[1];
    if (!id) throw new Error("the link offers the owner no vehicle to share");
    return { id, shareForm: formFields(page, 'data-form="share"') };
  }

  /** Revokes the share from the page itself, as the owner would. */
  async function revokeAsOwner(id: string): Promise<void> {
    const answer = await owner.post(formFields(await owner.vehiclePage(LINK), `data-revoke="${id}"`));
    if (answer.status !== 303) throw new Error(`revoking ${id} from the page answered ${answer.status}`);
  }

  async function shareFromRebound(): Promise<Outcome> {
    const { id, shareForm } = await offeredVehicle();
    const answer = await postFromRebound([...shareForm, ["vehicle", id]]);
    const written = (await sharedWithDemo()).includes(Number(id));
    if (written) await revokeAsOwner(id);
    return {
      refused: answer.status === 403 && !written,
      detail: `answered ${answer.status}; vehicle ${id} ${written ? "WAS SHARED" : "not shared"}`,
    };
  }

  async function revokeFromRebound(): Promise<Outcome> {
    const { id, shareForm } = await offeredVehicle();
    const shared = await owner.post([...shareForm, ["vehicle", id]]);
    if (shared.status !== 303) throw new Error(`sharing ${id} from the page answered ${shared.status}`);
    const answer = await postFromRebound(formFields(await owner.vehiclePage(LINK), `data-revoke="${id}"`));
    const kept = (await sharedWithDemo()).includes(Number(id));
    if (kept) await revokeAsOwner(id);
    return {
      refused: answer.status === 403 && kept,
      detail: `answered ${answer.status}; the share of vehicle ${id} ${kept ? "kept" : "WAS REVOKED"}`,
    };
  }

  async function readFromRebound(): Promise<Outcome> {
    const answer = await requestWithHost(
      `${sandboxUrl()}/login/?${new URLSearchParams(shareLinkFields(LINK))}`,
      rebound(),
    );
    const form = answer.text.includes("<form");
    return {
      refused: answer.status === 403 && !form,
      detail: `answered ${answer.status}, ${form ? "WITH the login form" : "no form"}`,
    };
  }

  return [
    ["the sandbox's share form posted from a rebound name", shareFromRebound],
    ["the sandbox's revoke posted from a rebound name", revokeFromRebound],
    ["the sandbox's login page read on a rebound name", readFromRebound],
  ];
}
