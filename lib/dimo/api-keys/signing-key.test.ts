import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { count, ROUTES, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { ownerSends } from "@/test-support/license-wallet";

/** The token manager signs DIMO's challenge with the key it is given, and falls back on the configured one. */

const suite = setUpSandbox();

describe("the key that signs the challenge", () => {
  it("is the one the key manager gives, which the sandbox's auth accepts once the chain enables its signer", async () => {
    await suite.control.reset();
    const key = generatePrivateKey();
    await ownerSends(suite.url, { functionName: "enableSigner", args: [privateKeyToAccount(key).address] });
    await ownerSends(suite.url, { functionName: "disableSigner", args: [DEMO_LICENSE.apiKeySigner] });
    const { client } = testClient(suite.url, { signingKey: async () => key });
    expect((await client.refreshDeveloperToken()).ethereumAddress).toBe(DEMO_LICENSE.clientId);
  });

  it("falls back on the configured key when DIMO refuses the given one, with no gap", async () => {
    await suite.control.reset();
    await suite.control.resetStats();
    const { client } = testClient(suite.url, { signingKey: async () => generatePrivateKey() });
    expect((await client.refreshDeveloperToken()).ethereumAddress).toBe(DEMO_LICENSE.clientId);
    expect(count(await suite.control.stats(), ROUTES.submit)).toBe(2);
  });
});
