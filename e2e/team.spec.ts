import type { Page, Request } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { injectWallet } from "./fixtures/injected-wallet";
import { TESLA } from "./fixtures/trips";
import { expect, test } from "./fixtures/test";
import { type TestWallet, WALLETS } from "./fixtures/wallets";

/**
 * A viewer, end to end: the owner invites one from the Team page; a new wallet opens the link in a browser of its own
 * and signs in through it; it reads the vehicles, a trips map and the Overview, finds the change buttons off with the
 * reason, and is refused when it calls the changes directly; the link does not work twice; an expired link is
 * refused in words; the owner removes the viewer and its next request goes to the sign-in page; the record of changes
 * lists the invitation, its acceptance and the removal, with who.
 */

const VIEWER_WORDS = /Viewers can look but not change anything/;

function newWallet(): TestWallet {
  const privateKey = generatePrivateKey();
  return { privateKey, address: privateKeyToAccount(privateKey).address } as TestWallet;
}

/** Makes an invitation on the Team page; returns its link and the server action's request, to replay. */
async function invite(page: Page, expiresInDays = "7"): Promise<{ link: string; request: Request }> {
  await page.goto("/team");
  await page.getByLabel("Expires after (days)").fill(expiresInDays);
  const action = page.waitForRequest((request) => request.method() === "POST" && !!request.headers()["next-action"]);
  await page.getByRole("button", { name: "Make an invitation link" }).click();
  const request = await action;
  const link = (await page.getByTestId("invitation-link").textContent()) ?? "";
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("invitation-qr")).toBeVisible();
  return { link, request };
}

/** Signs in through the join page with the page's injected wallet. */
async function signInThrough(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId("invitation-offer")).toContainText("This link is the invitation");
  await page
    .getByRole("button", { name: /Connect/ })
    .first()
    .click();
  await expect(page.getByTestId("connected-address")).toBeVisible();
  await page.getByRole("button", { name: /^Sign in with/ }).click();
}

test("a viewer joins through a single-use link, reads everything, changes nothing, and is removed", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { link, request: inviteRequest } = await invite(page);
  await expect(page.getByTestId("invitation").first()).toHaveAttribute("data-state", "pending");

  const viewer = newWallet();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const viewerPage = await context.newPage();
  try {
    await injectWallet(viewerPage, viewer);
    await signInThrough(viewerPage, link);
    await expect(viewerPage).toHaveURL(/\/vehicles$/);
    await expect(viewerPage.getByText("Viewer", { exact: true }).first()).toBeVisible();

    // It reads what an admin reads.
    await expect(viewerPage.locator(`[data-testid="vehicle-row"][data-token-id="${TESLA}"]`)).toBeVisible();
    await viewerPage.goto(`/vehicles/${TESLA}/trips`);
    await expect(viewerPage.getByTestId("trips-map")).toBeVisible();
    await viewerPage.goto(`/vehicles/${TESLA}`);
    await expect(viewerPage.getByTestId("vehicle-overview")).toBeVisible();

    // Its change buttons are off, and say why.
    await viewerPage.goto(`/vehicles/${TESLA}/value`);
    await expect(viewerPage.getByTestId("request-offers")).toBeDisabled();
    await expect(viewerPage.getByTestId("read-only-reason").first()).toHaveText(VIEWER_WORDS);
    await viewerPage.goto("/webhooks");
    await expect(viewerPage.getByRole("button", { name: "New webhook" })).toBeDisabled();
    await expect(viewerPage.getByTestId("read-only-reason").first()).toHaveText(VIEWER_WORDS);
    await viewerPage.goto("/share");
    await expect(viewerPage.getByTestId("share-link-save")).toBeDisabled();
    await expect(viewerPage.getByTestId("read-only-reason").first()).toHaveText(VIEWER_WORDS);
    await viewerPage.goto("/team");
    await expect(viewerPage.getByRole("button", { name: "Make an invitation link" })).toBeDisabled();

    // Its direct calls are refused by the server: the owner's invitation action replayed, and a changing route.
    const replayed = await viewerPage.request.post(inviteRequest.url(), {
      headers: {
        "next-action": inviteRequest.headers()["next-action"] ?? "",
        "content-type": inviteRequest.headers()["content-type"] ?? "text/plain;charset=UTF-8",
        accept: "text/x-component",
      },
      data: inviteRequest.postData() ?? "",
    });
    expect(await replayed.text()).toMatch(VIEWER_WORDS);
    const trial = await viewerPage.request.get(
      `/api/webhooks/trial?tokenId=${TESLA}&service=signals&metricName=vss.speed&condition=${encodeURIComponent("valueNumber > 55")}&coolDownPeriod=0`,
    );
    expect(trial.status()).toBe(403);
    expect(await trial.text()).toMatch(VIEWER_WORDS);
    const offers = await viewerPage.request.get(`/api/vehicles/${TESLA}/offers`);
    expect(offers.status()).toBe(200);

    // The link works once: another new wallet is refused in words.
    const late = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const latePage = await late.newPage();
      await latePage.goto(link);
      await expect(latePage.getByTestId("invitation-refused")).toContainText("already used");
    } finally {
      await late.close();
    }

    // The owner sees who accepted, then removes the viewer: its next request goes to the sign-in page.
    await page.goto("/team");
    const accepted = page.locator('[data-testid="invitation"][data-state="accepted"]').first();
    await expect(accepted).toContainText(viewer.address.toLowerCase());
    const row = page.locator(`[data-testid="team-member"][data-address="${viewer.address.toLowerCase()}"]`);
    await expect(row).toContainText("Invitation, signed in with a wallet");
    await row.getByRole("button", { name: "Remove" }).click();
    await expect(row).toHaveCount(0);
    await viewerPage.goto("/vehicles");
    await expect(viewerPage).toHaveURL(/\/login/);

    // The record lists the invitation and the removal by the owner, and the acceptance by the viewer.
    const owner = WALLETS.owner.address.toLowerCase();
    const joined = viewer.address.toLowerCase();
    const recorded = (kind: string) => page.locator(`[data-testid="record-row"][data-kind="${kind}"]`);
    await page.goto("/audit");
    const acceptance = recorded("invitation.accept").and(page.locator(`[data-actor="${joined}"]`));
    await expect(acceptance).toHaveCount(1);
    await expect(acceptance).toContainText("Viewer");
    const invitationId = (await acceptance.getAttribute("data-target")) ?? "";
    const invitation = recorded("invitation.create").and(page.locator(`[data-target="${invitationId}"]`));
    await expect(invitation).toHaveAttribute("data-actor", owner);
    const removal = recorded("member.remove").filter({ hasText: new RegExp(joined, "i") });
    await expect(removal).toHaveCount(1);
    await expect(removal).toHaveAttribute("data-actor", owner);
  } finally {
    await context.close();
  }
});

test("an expired invitation is refused in words, and listed as expired", async ({ page, browser }) => {
  // Nine seconds to live (the least the form takes): the page is opened until it has passed.
  const { link } = await invite(page, "0.0001");
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const visitor = await context.newPage();
    await expect
      .poll(async () => {
        await visitor.goto(link);
        return visitor.getByTestId("invitation-refused").count();
      })
      .toBe(1);
    await expect(visitor.getByTestId("invitation-refused")).toContainText("This invitation has expired.");
  } finally {
    await context.close();
  }
  await page.goto("/team");
  await expect(page.locator('[data-testid="invitation"][data-state="expired"]').first()).toBeVisible();
});
