import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedStoreKinds } from "@/test-support/shared-stores";
import { createTeamStore } from "./team-store";

/** The team's members and invitations, against the in-memory stores and against a real redis-server. */

const { kinds, openRedis } = sharedStoreKinds();

const OWNER = "0x1111111111111111111111111111111111111111";
const wallet = (digit: string) => `0x${digit.repeat(40)}` as `0x${string}`;

describe.each(kinds)("the team store on %s", (_kind, create) => {
  it("keeps only the token's hash, and makes the one who accepts a member with the invitation's role", async () => {
    const stores = create();
    const team = createTeamStore(stores);
    const { token, invitation } = await team.createInvitation({ role: "viewer", createdBy: OWNER });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation).toMatchObject({ role: "viewer", state: "pending", ended: null });
    // Nothing stored holds the token itself.
    for (const key of [`team:invitation:${invitation.id}`, `team:invitation-end:${invitation.id}`])
      expect((await stores.keyValue.get(key)) ?? "").not.toContain(token);

    expect(await team.findInvitation(token)).toMatchObject({ id: invitation.id, state: "pending" });
    expect(await team.memberRole(wallet("a"))).toBeNull();
    expect(await team.acceptInvitation(token, { address: wallet("a"), via: "wallet" })).toEqual({
      ok: true,
      role: "viewer",
      invitationId: invitation.id,
    });
    expect(await team.memberRole(wallet("a"))).toBe("viewer");
    expect(await team.findInvitation(token)).toMatchObject({ state: "accepted", ended: { by: wallet("a") } });
    expect(await team.listMembers()).toMatchObject([
      { address: wallet("a"), role: "viewer", source: { kind: "invitation", invitationId: invitation.id } },
    ]);
  });

  it("is single use, even for callers racing with the same link", async () => {
    const team = createTeamStore(create());
    const { token } = await team.createInvitation({ role: "admin", createdBy: OWNER });
    const racers = ["2", "3", "4", "5", "6", "7", "8", "9"].map(wallet);
    const outcomes = await Promise.all(racers.map((address) => team.acceptInvitation(token, { address, via: "dimo" })));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
      Array.from({ length: racers.length - 1 }, () => ({ ok: false, reason: "used" })),
    );
    const roles = await Promise.all(racers.map((address) => team.memberRole(address)));
    expect(roles.filter((role) => role !== null)).toEqual(["admin"]);
  });

  it("refuses an expired, a revoked and a made-up link in its own words, and lists each", async () => {
    let now = Date.now();
    const team = createTeamStore({ ...create(), now: () => now });
    const expired = await team.createInvitation({ role: "viewer", createdBy: OWNER, ttlMs: 60_000 });
    const revoked = await team.createInvitation({ role: "viewer", createdBy: OWNER });
    expect(await team.revokeInvitation(revoked.invitation.id, OWNER)).toBe(true);
    expect(await team.revokeInvitation(revoked.invitation.id, OWNER)).toBe(false);
    now += 61_000;

    const someone = { address: wallet("b"), via: "wallet" as const };
    expect(await team.acceptInvitation(expired.token, someone)).toEqual({ ok: false, reason: "expired" });
    expect(await team.acceptInvitation(revoked.token, someone)).toEqual({ ok: false, reason: "revoked" });
    expect(await team.acceptInvitation("x".repeat(43), someone)).toEqual({ ok: false, reason: "unknown" });
    expect(await team.acceptInvitation("not a token", someone)).toEqual({ ok: false, reason: "unknown" });
    expect(await team.memberRole(someone.address)).toBeNull();
    expect(Object.fromEntries((await team.listInvitations()).map((item) => [item.id, item.state]))).toEqual({
      [expired.invitation.id]: "expired",
      [revoked.invitation.id]: "revoked",
    });
  });

  it("changes a member's role and removes them", async () => {
    const team = createTeamStore(create());
    const { token } = await team.createInvitation({ role: "viewer", createdBy: OWNER });
    await team.acceptInvitation(token, { address: wallet("c"), via: "wallet" });
    expect(await team.setMemberRole(wallet("c"), "admin")).toBe(true);
    expect(await team.memberRole(wallet("c"))).toBe("admin");
    expect(await team.removeMember(wallet("c"))).toBe(true);
    expect(await team.memberRole(wallet("c"))).toBeNull();
    expect(await team.listMembers()).toEqual([]);
    expect(await team.removeMember(wallet("c"))).toBe(false);
    expect(await team.setMemberRole(wallet("c"), "viewer")).toBe(false);
  });
});

describe("two instances on one Redis", () => {
  it("agree: one accepts, the other sees the member and refuses the link", async () => {
    const prefix = `test:${randomUUID()}:`;
    const [one, two] = [0, 1].map(() => createTeamStore(openRedis(prefix)));
    if (!one || !two) throw new Error("two stores");
    const { token } = await one.createInvitation({ role: "viewer", createdBy: OWNER });
    const [first, second] = await Promise.all([
      one.acceptInvitation(token, { address: wallet("d"), via: "wallet" }),
      two.acceptInvitation(token, { address: wallet("e"), via: "wallet" }),
    ]);
    expect([first?.ok, second?.ok].sort()).toEqual([false, true]);
    const winner = first?.ok ? wallet("d") : wallet("e");
    expect(await two.memberRole(winner)).toBe("viewer");
    await two.removeMember(winner);
    expect(await one.memberRole(winner)).toBeNull();
  });
});
