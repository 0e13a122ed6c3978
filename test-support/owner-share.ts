import { DEMO_LICENSE, type DemoLoginAccount } from "@/lib/demo-license";

/**
 * A vehicle owner on the sandbox's DIMO login page, driven over HTTP as a browser would: open a share link, log in as
 * one of the demo accounts, tick vehicles and approve. Tests use it to give the demo license a vehicle the seed does
 * not share with it, and the bench to attack the page (so it uses no test runner).
 */

export type FormFields = [string, string][];

/** Where the owner is sent back to; the demo license registers it for a dashboard on port 3000. */
export const DEV_REDIRECT_URI = "http://localhost:3000/login/dimo";

/** A share link's query: the demo license, the dashboard's redirect URI, the vehicle manager, and `terms`. */
export const shareLinkFields = (terms: FormFields): FormFields => [
  ["clientId", DEMO_LICENSE.clientId],
  ["redirectUri", DEV_REDIRECT_URI],
  ["entryState", "VEHICLE_MANAGER"],
  ...terms,
];

export const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hidden fields of the first form on the page that contains `marker`, as a browser would post them. */
export function formFields(html: string, marker: string): FormFields {
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(marker));
  if (!form) throw new Error(`no form with ${marker}`);
  return [...form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m): [string, string] => [
    unescapeHtml(m[1] ?? ""),
    unescapeHtml(m[2] ?? ""),
  ]);
}

/**
 * The login page's answers, as seen by a browser that does not follow redirects. `sandboxUrl` is read on each call, so
 * a test file can set this up before its sandbox starts.
 */
export function ownerLoginPage(sandboxUrl: () => string) {
  const answer = async (response: Response) => ({
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  });
  const open = async (fields: FormFields) =>
    answer(await fetch(`${sandboxUrl()}/login/?${new URLSearchParams(fields)}`));
  const post = async (fields: FormFields) =>
    answer(
      await fetch(`${sandboxUrl()}/login/`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
    );

  /** Opens the link and logs in as the account: the vehicle page's HTML. */
  async function vehiclePage(terms: FormFields, account: DemoLoginAccount = "stranger") {
    const start = await open(shareLinkFields(terms));
    if (start.status !== 200) throw new Error(`the share link answered ${start.status}: ${start.text}`);
    const page = await post(formFields(start.text, `data-account="${account}"`));
    if (page.status !== 200) throw new Error(`logging in as ${account} answered ${page.status}: ${page.text}`);
    return page.text;
  }

  /** Opens the link, logs in, ticks the vehicles and approves: the redirect back. */
  async function share(terms: FormFields, vehicles: number[], account: DemoLoginAccount = "stranger") {
    const page = await vehiclePage(terms, account);
    const fields = formFields(page, 'data-form="share"');
    return post([...fields, ...vehicles.map((id): [string, string] => ["vehicle", String(id)])]);
  }

  return { open, post, vehiclePage, share };
}
