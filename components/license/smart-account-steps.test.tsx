import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SmartAccountSteps } from "./smart-account-steps";

const license = (id: number) => ({
  chain: { id, name: "chain", rpcUrl: undefined },
  tokenId: "42",
  clientId: "0x1111111111111111111111111111111111111111" as const,
});

describe("the steps for a DIMO account", () => {
  it("link to the license in DIMO's console for its network, with each change's place there", () => {
    const production = renderToStaticMarkup(<SmartAccountSteps license={license(137)} />);
    expect(production).toContain('href="https://console.dimo.org/license/details/42"');
    expect(production).toContain("Authorized Redirect URIs");
    expect(production).toContain("DIMO_API_KEY");
    const dev = renderToStaticMarkup(<SmartAccountSteps license={license(80_002)} />);
    expect(dev).toContain('href="https://console-staging.dimo.org/license/details/42"');
  });

  it("send the sandbox's owner to the wallet, with no console link", () => {
    const sandbox = renderToStaticMarkup(<SmartAccountSteps license={license(13_374_455)} />);
    expect(sandbox).not.toContain("href=");
    expect(sandbox).toContain("sign in with the owner&#x27;s wallet");
  });
});
