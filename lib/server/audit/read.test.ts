import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { getStores } from "@/lib/store";
import { GET as exportRoute } from "@/app/api/audit/export/route";
import { RECORD_PAGE_SIZE } from "./query";
import { openChangeCsv, readChangeRecord } from "./read";
import { recordChange } from "./record";

/** The record page's read and its CSV route: filters from the URL, newest first, paged, the same rows as CSV. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const OWNER = "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd" as const;
const ADMIN = "0x00000000000000000000000000000000000ad001" as const;

beforeEach(async () => {
  await getStores().logs.clear("audit:changes");
  auth.session = { address: ADMIN, role: "admin" };
  for (let n = 0; n < RECORD_PAGE_SIZE + 5; n++) {
    await recordChange({
      actor: { address: n % 2 === 0 ? OWNER : ADMIN },
      role: n % 2 === 0 ? "owner" : "admin",
      kind: n % 5 === 0 ? "share-link.keep" : "webhook.update",
      target: `t${n}`,
      detail: `change ${n}`,
    });
  }
});

describe("the record's read", () => {
  it("pages newest first and lists everyone in it", async () => {
    const first = await readChangeRecord({ search: "" });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.data).toMatchObject({ total: RECORD_PAGE_SIZE + 5, page: 1, pageCount: 2, people: [ADMIN, OWNER] });
    expect(first.data.entries[0]?.target).toBe(`t${RECORD_PAGE_SIZE + 4}`);
    const second = await readChangeRecord({ search: "page=2" });
    expect(second.ok && second.data.entries.map((entry) => entry.target)).toEqual(["t4", "t3", "t2", "t1", "t0"]);
  });

  it("filters by person and kind, and ignores a filter it does not know", async () => {
    const result = await readChangeRecord({
      search: `person=${OWNER.toUpperCase().replace("0X", "0x")}&kind=share-link.keep`,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.total).toBe(6);
    expect(result.data.entries.every((entry) => entry.actor === OWNER && entry.kind === "share-link.keep")).toBe(true);
    const unknown = await readChangeRecord({ search: "kind=nothing&person=me&page=-3" });
    expect(unknown.ok && unknown.data).toMatchObject({ total: RECORD_PAGE_SIZE + 5, page: 1 });
  });

  it("exports the same rows as CSV through its route, every page, with the filters", async () => {
    const response = await exportRoute(
      new Request("http://dashboard.test/api/audit/export?kind=share-link.keep&page=2"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 11);
    expect(lines[1]).toContain(",share-link.keep,Share link kept,t50,change 50");
  });

  it("refuses without a session", async () => {
    auth.session = null;
    expect(await openChangeCsv({ search: "" })).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
    expect((await exportRoute(new Request("http://dashboard.test/api/audit/export"))).status).toBe(401);
  });
});
