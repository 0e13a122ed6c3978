import { describe, expect, it } from "vitest";
import { resolveRole } from "./access";

const OWNER = "0x3Fb87c8b7585Be1d0ac88cA710ddfa815e12d0bd";
const ADMIN = "0x2222222222222222222222222222222222222222";

describe("resolveRole", () => {
  const rules = { licenseOwner: async () => OWNER, admins: [ADMIN] };

  it("lets the license owner in, whatever the case of the address", async () => {
    expect(await resolveRole(OWNER.toLowerCase(), rules)).toBe("owner");
  });

  it("lets an admin in without asking the identity API", async () => {
    const offline = { licenseOwner: () => Promise.reject(new Error("identity API down")), admins: [ADMIN] };
    expect(await resolveRole(ADMIN.toUpperCase().replace("0X", "0x"), offline)).toBe("admin");
  });

  it("refuses everyone else", async () => {
    expect(await resolveRole("0x1111111111111111111111111111111111111111", rules)).toBeNull();
  });
});
