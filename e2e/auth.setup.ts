import { OWNER_STATE_PATH } from "./fixtures/servers";
import { WALLETS, expect, test } from "./fixtures/test";

test("sign in as the license owner once for the dashboard tests", async ({ page, signInWithWallet }) => {
  await signInWithWallet(WALLETS.owner);
  await expect(page).toHaveURL(/\/vehicles$/);
  await page.context().storageState({ path: OWNER_STATE_PATH });
});
