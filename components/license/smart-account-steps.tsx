import type { LicenseView } from "./license-view";

/**
 * DIMO's developer console per chain: it runs license changes for a DIMO account (a smart account) through DIMO's
 * login, which this dashboard cannot do yet (docs/dimo-api.md, "Smart accounts"). The sandbox has no console.
 */
const DIMO_CONSOLES: Record<number, string> = {
  137: "https://console.dimo.org",
  80_002: "https://console-staging.dimo.org",
};

/** Where and how a DIMO account makes each change the page offers to a wallet, step by step. */
export function SmartAccountSteps({ license }: { license: Pick<LicenseView, "chain" | "tokenId" | "clientId"> }) {
  const consoleUrl = DIMO_CONSOLES[license.chain.id];
  const page = consoleUrl ? `${consoleUrl}/license/details/${license.tokenId}` : undefined;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="smart-account-steps">
      <p>
        You signed in with a DIMO account, a smart account that signs through DIMO&apos;s login, not a wallet this page
        can ask. Make each change from DIMO&apos;s developer console, signed in with the same DIMO account:
      </p>
      {page ? (
        <p>
          Open{" "}
          <a className="underline break-all" href={page} target="_blank" rel="noreferrer">
            {page}
          </a>{" "}
          (the license with client id <span className="font-mono break-all">{license.clientId}</span>), then:
        </p>
      ) : (
        <p>
          The sandbox has no developer console: sign in with the owner&apos;s wallet here to change the sandbox&apos;s
          license.
        </p>
      )}
      {page ? (
        <ul className="list-disc pl-5">
          <li>Name: edit the license&apos;s name there; this page shows the new one once the chain has it.</li>
          <li>
            Redirect URIs: under &quot;Authorized Redirect URIs&quot;, Add URI, or delete one. Keep this
            dashboard&apos;s own two, marked below as needed by this dashboard.
          </li>
          <li>
            API keys: &quot;Generate Key&quot; under the license&apos;s keys. The console shows the new key once: put it
            in this dashboard&apos;s DIMO_API_KEY and restart it to use it, before you disable the key in use.
          </li>
        </ul>
      ) : null}
    </div>
  );
}
