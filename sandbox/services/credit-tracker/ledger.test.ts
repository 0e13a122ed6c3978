import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { SandboxClock } from "../../clock";
import { CreditLedger } from "./ledger";
import { SEED_CREDITS } from "./seed-grants";

const LICENSE = "0x00000000000000000000000000000000000000aa";
const DAY_MS = 86_400_000;

function ledgerWithOneVehicle() {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE seed_grants (token_id INTEGER NOT NULL, grantee TEXT NOT NULL)");
  db.prepare("INSERT INTO seed_grants VALUES (?, ?)").run(7, LICENSE);
  const clock = new SandboxClock();
  clock.freeze(true);
  return { ledger: new CreditLedger(db, clock), clock, did: vehicleDid(7) };
}

describe("credit ledger", () => {
  it("gives a refund back to the grant its deduction took from, and counts it out of the used credits", () => {
    const { ledger, did } = ledgerWithOneVehicle();
    ledger.deduct(LICENSE, did, 1, "telemetry-api");
    const refunded = ledger.deduct(LICENSE, did, 1, "telemetry-api");
    expect(refunded).not.toBeNull();
    ledger.refund("telemetry-api", refunded ?? "");
    expect(ledger.assetUsage(LICENSE, did, 0, null)).toEqual({
      numOfCreditsUsed: 1,
      numOfCreditsGrantsPurchased: 1,
      currentCreditsRemaining: SEED_CREDITS - 1,
    });
  });

  it("stops counting a grant a month after it was minted, and buys a fresh one at the next deduction", () => {
    const { ledger, clock, did } = ledgerWithOneVehicle();
    clock.advance((32 * DAY_MS) / 1000);
    expect(ledger.balance(LICENSE, did)).toBe(0);
    ledger.deduct(LICENSE, did, 1, "telemetry-api");
    expect(ledger.balance(LICENSE, did)).toBe(SEED_CREDITS - 1);
    expect(ledger.licenseUsage(LICENSE.toUpperCase(), 0, null).numOfCreditsGrantsPurchased).toBe(2);
  });
});
