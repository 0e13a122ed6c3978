import { DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";

/**
 * The sandbox's stand-in for DIMO's login page: one form per sandbox account, posted back to the page itself. Plain
 * HTML with inline styles only: no script, no font, no image, nothing from anywhere else.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

export interface LoginPageInput {
  clientId: string;
  licenseAlias: string | null;
  redirectUri: string;
  /** The address each account signs in as (the owner's is the license's owner). */
  addresses: Record<DemoLoginAccount, string>;
}

export const STYLE = `
  body { font-family: system-ui, sans-serif; background: #0b0d12; color: #e7e9ee; margin: 0; }
  main { max-width: 26rem; margin: 3rem auto; padding: 0 1rem; }
  h1 { font-size: 1.25rem; } p { color: #a4a9b6; font-size: .9rem; }
  form { margin: .75rem 0; }
  button { width: 100%; text-align: left; padding: .75rem 1rem; border-radius: .5rem; border: 1px solid #2b3040;
           background: #151925; color: inherit; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { border-color: #5b8cff; }
  small { display: block; color: #a4a9b6; font-family: ui-monospace, monospace; word-break: break-all; }
`;

export function loginPage(input: LoginPageInput): string {
  const hidden = [
    ["clientId", input.clientId],
    ["redirectUri", input.redirectUri],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value ?? "")}">`)
    .join("");
  const forms = (Object.keys(DEMO_LOGIN_ACCOUNTS) as DemoLoginAccount[]).map((key) => {
    const account = DEMO_LOGIN_ACCOUNTS[key];
    return [
      `<form method="post" action="">`,
      hidden,
      `<input type="hidden" name="account" value="${key}">`,
      `<button type="submit" data-account="${key}">${escape(account.label)}: ${escape(account.email)}`,
      `<small>${escape(input.addresses[key])}</small></button>`,
      `</form>`,
    ].join("");
  });
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Log in with DIMO (sandbox)</title>",
    `<style>${STYLE}</style>`,
    "</head>",
    "<body><main>",
    "<h1>Log in with DIMO</h1>",
    `<p>The DIMO sandbox stands in for DIMO's login. ${escape(input.licenseAlias ?? input.clientId)} asks you to log in; pick an account.</p>`,
    ...forms,
    `<p>You will be sent back to <code>${escape(input.redirectUri)}</code>.</p>`,
    "</main></body>",
    "</html>",
    "",
  ].join("\n");
}
