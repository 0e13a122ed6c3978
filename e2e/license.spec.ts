import { type Page } from "@playwright/test";
import { createPublicClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { polygon } from "viem/chains";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { sandboxControl } from "@/sandbox/control-client";
import { ownerSends } from "@/test-support/license-wallet";
import { injectWallet, rejectNextWalletRequest } from "./fixtures/injected-wallet";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { expect, signedInAs, test, WALLETS } from "./fixtures/test";

/**
 * The License page as the owner with the demo wallet: every change is a transaction the injected wallet signs in
 * Node and sends to the sandbox's chain; the page then reads the chain again. Each test puts back what it changed on
 * the shared sandbox's chain.
 */

const chain = createPublicClient({ transport: http(sandboxRpcUrl(E2E_SANDBOX_URL), { retryCount: 0 }) });
const tokenId = BigInt(DEMO_LICENSE.tokenId);
const aliasOnChain = () =>
  chain.readContract({
    address: SANDBOX_DEV_LICENSE_ADDRESS,
    abi: DEV_LICENSE_ABI,
    functionName: "getLicenseAliasByTokenId",
    args: [tokenId],
  } as never) as Promise<string>;

const isSigner = (signer: `0x${string}`) =>
  chain.readContract({
    address: SANDBOX_DEV_LICENSE_ADDRESS,
    abi: DEV_LICENSE_ABI,
    functionName: "isSigner",
    args: [tokenId, signer],
  } as never) as Promise<boolean>;

/** DIMO's challenge flow against the sandbox's auth, signed in Node with `key`: what submit_challenge answers. */
async function submitChallengeSignedBy(key: `0x${string}`): Promise<{ status: number; body: unknown }> {
  const auth = `${E2E_SANDBOX_URL}/auth/auth/web3`;
  const query = new URLSearchParams({
    client_id: DEMO_LICENSE.clientId,
    domain: DEMO_LICENSE.redirectUri,
    scope: "openid email",
    response_type: "code",
    address: DEMO_LICENSE.clientId,
  });
  const issued = (await (await fetch(`${auth}/generate_challenge?${query}`, { method: "POST" })).json()) as {
    state: string;
    challenge: string;
  };
  const answer = await fetch(`${auth}/submit_challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: DEMO_LICENSE.clientId,
      state: issued.state,
      grant_type: "authorization_code",
      domain: DEMO_LICENSE.redirectUri,
      signature: await privateKeyToAccount(key).signMessage({ message: issued.challenge }),
    }),
  });
  return { status: answer.status, body: await answer.json() };
}

/** The license's name as the sandbox's identity API answers it (it reads the chain, as DIMO's indexes it). */
async function aliasInIdentityApi(): Promise<unknown> {
  const response = await fetch(`${E2E_SANDBOX_URL}/identity/query`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `{ developerLicense(by: {clientId: "${DEMO_LICENSE.clientId}"}) { alias } }` }),
  });
  const body = (await response.json()) as { data?: { developerLicense?: { alias?: string } } };
  return body.data?.developerLicense?.alias;
}

async function openAsOwner(page: Page) {
  // The stored sign-in is the owner's; the page's wallet is the owner's too, so it can send the changes.
  await injectWallet(page, WALLETS.owner);
  await page.goto("/license");
  await expect(page.getByTestId("license-changes")).toBeVisible();
}

const status = (page: Page) => page.getByTestId("transaction-status");

test("the owner renames the license; the page reads the new name from the chain", async ({ page }) => {
  const before = await aliasOnChain();
  const alias = `e2e license ${Date.now().toString(36)}`;
  try {
    await openAsOwner(page);
    await page.getByLabel("Name", { exact: true }).fill(alias);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(status(page)).toHaveAttribute("data-state", "confirmed");
    await expect(status(page)).toContainText(/transaction 0x[0-9a-f]{64}/);
    await expect(page.getByTestId("license-alias")).toHaveText(alias);
    expect(await aliasOnChain()).toBe(alias);
    expect(await aliasInIdentityApi()).toBe(alias);
  } finally {
    if ((await aliasOnChain()) !== before)
      await ownerSends(E2E_SANDBOX_URL, { functionName: "setLicenseAlias", args: [before] });
  }
});

test("a rejected signature and a reverting rename leave the name as it was, and say so", async ({ page }) => {
  const before = await aliasOnChain();
  await openAsOwner(page);
  await rejectNextWalletRequest(page);
  await page.getByLabel("Name", { exact: true }).fill("rejected name");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(status(page)).toHaveAttribute("data-state", "rejected");
  await expect(status(page)).toContainText("nothing changed");

  // 33 bytes: one past the contract's limit.
  await page.getByLabel("Name", { exact: true }).fill("x".repeat(33));
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(status(page)).toHaveAttribute("data-state", "reverted");
  await expect(status(page)).toContainText("longer than 32 bytes");
  expect(await aliasOnChain()).toBe(before);
  await page.reload();
  await expect(page.getByTestId("license-alias")).toHaveText(before);
});

test("a wallet on another chain is asked to switch before anything is sent, then renames", async ({ page }) => {
  const before = await aliasOnChain();
  const alias = `e2e switched ${Date.now().toString(36)}`;
  try {
    const wallet = await injectWallet(page, WALLETS.owner, { chainId: polygon.id });
    await page.goto("/license");
    await expect(page.getByTestId("license-changes")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(alias);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(status(page)).toHaveAttribute("data-state", "wrong-chain");
    await expect(status(page)).toContainText(`Your wallet is on another chain (id ${polygon.id})`);
    expect(wallet.asked).toEqual([]);
    expect(await aliasOnChain()).toBe(before);

    await page.getByRole("button", { name: `Switch to ${SANDBOX_CHAIN.name}` }).click();
    await expect(status(page)).toHaveCount(0);
    expect(wallet.asked).toEqual([]);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(status(page)).toHaveAttribute("data-state", "confirmed");
    expect(wallet.asked).toEqual(["eth_sendTransaction"]);
    expect(await aliasOnChain()).toBe(alias);
  } finally {
    if ((await aliasOnChain()) !== before)
      await ownerSends(E2E_SANDBOX_URL, { functionName: "setLicenseAlias", args: [before] });
  }
});

test("the owner adds a redirect URI and disables it; the dashboard's own are marked", async ({ page }) => {
  const uri = `https://e2e-${Date.now().toString(36)}.example.com/callback`;
  const uris = () => page.getByTestId("redirect-uris");
  try {
    await openAsOwner(page);
    await expect(uris().locator(`[data-uri="${DEMO_LICENSE.redirectUri}"]`)).toContainText("needed by this dashboard");
    await page.getByLabel("New redirect URI").fill("http://app.example.com/callback");
    await page.getByRole("button", { name: "Add redirect URI" }).click();
    await expect(page.getByText("must use https")).toBeVisible();

    await page.getByLabel("New redirect URI").fill(uri);
    await page.getByRole("button", { name: "Add redirect URI" }).click();
    await expect(status(page)).toHaveAttribute("data-state", "confirmed");
    await expect(uris().locator(`[data-uri="${uri}"]`)).toBeVisible();

    await page.getByRole("button", { name: `Disable ${uri}` }).click();
    await expect(uris().locator(`[data-uri="${uri}"]`)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute("data-state", "confirmed");
  } finally {
    await ownerSends(E2E_SANDBOX_URL, { functionName: "setRedirectUri", args: [false, uri] });
  }
});

test("the owner rotates the API key: the new one signs in, the old one disabled is refused", async ({ page }) => {
  const demoSigner = DEMO_LICENSE.apiKeySigner;
  let signer: `0x${string}` | undefined;
  try {
    await openAsOwner(page);
    await page.getByRole("button", { name: "New API key" }).click();
    await expect(status(page)).toHaveAttribute("data-state", "confirmed");
    await expect(page.getByTestId("key-in-use")).toContainText("the dashboard's store");
    signer = (await page.getByTestId("key-in-use").innerText()).match(/0x[0-9a-fA-F]{40}/)?.[0] as `0x${string}`;
    expect(signer.toLowerCase()).not.toBe(demoSigner.toLowerCase());
    expect(await isSigner(signer)).toBe(true);

    await expect(page.getByTestId("disable-old-key")).toContainText(demoSigner);
    await page.getByRole("button", { name: "Disable the old key" }).click();
    await expect(status(page)).toContainText("Disable the old API key: confirmed");
    await expect(page.getByTestId("disable-old-key")).toHaveCount(0);
    expect(await isSigner(demoSigner)).toBe(false);

    // The old key is off the chain, so only the new one can answer the next challenge: a fresh token proves it does.
    await page.goto("/developer/tokens");
    const refreshed = page.waitForResponse(
      (r) => r.request().method() === "POST" && !!r.request().headers()["next-action"],
    );
    await page.getByTestId("refresh-developer-token").click();
    await refreshed;
    await expect(page.getByTestId("developer-token")).toHaveAttribute("data-state", "valid");

    expect(await submitChallengeSignedBy(DEMO_LICENSE.apiKey)).toEqual({
      status: 400,
      body: { status: 400, message: "Could not verify signature." },
    });
  } finally {
    // The shared sandbox as the other specs need it: the demo key enabled, and the new one off, so the dashboard goes
    // back to the environment's key (a key the chain refuses is passed over).
    if (!(await isSigner(demoSigner)))
      await ownerSends(E2E_SANDBOX_URL, { functionName: "enableSigner", args: [demoSigner] });
    if (signer && (await isSigner(signer)))
      await ownerSends(E2E_SANDBOX_URL, { functionName: "disableSigner", args: [signer] });
  }
});

test("340 days after the key in use was enabled, the page warns that it expires soon", async ({ page }) => {
  const response = await page.request.get("/api/license/api-key-in-use");
  expect(response.ok()).toBe(true);
  const inUse = (await response.json()) as { enabledAt: number };
  const block = await chain.getBlock({ blockTag: "latest" });
  const target = Math.floor(inUse.enabledAt / 1000) + 340 * 86_400;
  const control = sandboxControl(E2E_SANDBOX_URL);
  await control.advanceChainTime(Math.max(0, target - Number(block.timestamp)));
  try {
    await openAsOwner(page);
    await expect(page.getByTestId("key-expiry-warning")).toContainText("expires within 30 days");
  } finally {
    // The chain's clock cannot go back: the seeded chain comes back instead, so the specs after this one see a key
    // a year from its end, as they did before.
    await control.resetChain();
  }
});

test("the page's chain reads show in the activity log as the chain service, with their method", async ({ page }) => {
  await openAsOwner(page);
  await page.goto(`/developer/activity?${new URLSearchParams({ q: "service:chain path:getLicenseAliasByTokenId" })}`);
  await expect(page.getByTestId("activity-log")).toHaveAttribute("data-loaded", "true");
  const aliasRead = page
    .locator('[data-testid="activity-row"][data-service="chain"][data-path="eth_call getLicenseAliasByTokenId"]')
    .first();
  await expect(aliasRead).toBeVisible();
  await expect(aliasRead).toHaveAttribute("data-status", "200");
  await expect(aliasRead).toContainText("Chain");
  // The endpoint is logged by its origin alone: a provider's key lives in its path.
  await aliasRead.getByTestId("toggle-details").click();
  await expect(page.getByTestId("activity-detail").first()).toContainText(new URL(E2E_SANDBOX_URL).origin);
  await expect(page.getByTestId("activity-detail").first()).not.toContainText("/rpc");
});

test("an admin sees the license, with every change off and the reason", async ({ browser }) => {
  const { page, context } = await signedInAs(browser, WALLETS.admin);
  await page.goto("/license");
  await expect(page.getByTestId("license-owner")).toHaveText(WALLETS.owner.address);
  await expect(page.getByTestId("changes-off-reason")).toContainText("Only the license's owner can change it");
  await expect(page.getByRole("button", { name: "Rename" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "New API key" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add redirect URI" })).toBeDisabled();
  await context.close();
});
