import { readFile } from "node:fs/promises";
import { type Locator, type Page } from "@playwright/test";
import { vehicleDid } from "@/lib/protocol";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { expect, test } from "./fixtures/test";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { sandboxTelemetry } from "./fixtures/telemetry";

/**
 * The Raw data tab against the browser tests' sandbox: the types and counts, the events of an hour, a payload's speed
 * and the hour's download are each compared with what the sandbox's Fetch and Telemetry APIs themselves answer.
 */

const RAW = VEHICLE_IDS.rawDataBev;
/** Every privilege but raw data. */
const NO_RAW = VEHICLE_IDS.manyTrips;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let developerJwt: Promise<string> | undefined;

/** A query to the sandbox's Fetch API with a Vehicle JWT carrying raw data, as any DIMO client would ask it. */
async function sandboxFetch<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  developerJwt ??= getDeveloperJwt(E2E_SANDBOX_URL);
  const token = await getVehicleJwt(E2E_SANDBOX_URL, await developerJwt, RAW, [7]);
  const response = await fetch(`${E2E_SANDBOX_URL}/fetch/query`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables: { did: vehicleDid(RAW), ...variables } }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`sandbox fetch failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

interface TypeSummary {
  type: string;
  count: number;
  lastSeen: string;
}

const sandboxTypes = async () =>
  (
    await sandboxFetch<{ availableCloudEventTypes: TypeSummary[] }>(
      "query($did: String!) { availableCloudEventTypes(did: $did) { type count lastSeen } }",
    )
  ).availableCloudEventTypes.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));

const pad = (n: number) => String(n).padStart(2, "0");
/** A time as the page's `datetime-local` field takes it, in the browser's zone (this machine's). */
function fieldValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function filterTo(page: Page, type: string, fromMs: number, toMs: number): Promise<void> {
  // Before hydration the fields are the server's HTML, and what is typed in them is undone when React takes over.
  await expect(page.getByTestId("raw-data-panel")).toHaveAttribute("data-hydrated", "true");
  const filters = page.getByTestId("raw-filters");
  await filters.getByLabel("Type").selectOption(type);
  await filters.getByLabel(/^From/).fill(fieldValue(fromMs));
  await filters.getByLabel(/^To/).fill(fieldValue(toMs));
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]type=dimo\.status/);
  await expect(page).toHaveURL(new RegExp(`from=${encodeURIComponent(new Date(fromMs).toISOString())}`));
}

/** The payload entry (a folded object of the status event's signal list) whose `name` is `signal`. */
const signalEntry = (payload: Locator, signal: string) =>
  payload.locator(`details:has(> div[data-json-key="name"][data-json-value='${JSON.stringify(signal)}'])`);

test.describe("the Raw data tab", () => {
  test("types and counts, an hour of status events, a payload's speed, and the hour as NDJSON", async ({ page }) => {
    // The page's counts are the sandbox's. A parked vehicle still reports now and then, so the page is read again
    // in the rare case a report lands between the two reads.
    let types: TypeSummary[] = [];
    await expect(async () => {
      await page.goto(`/vehicles/${RAW}/raw`);
      await expect(page.getByTestId("raw-type").first()).toBeVisible();
      const shown = await page
        .getByTestId("raw-type")
        .evaluateAll((rows) =>
          rows.map((row) => [row.getAttribute("data-type"), Number(row.getAttribute("data-count"))]),
        );
      types = await sandboxTypes();
      expect(shown).toEqual(types.map((summary) => [summary.type, summary.count]));
    }).toPass({ timeout: 60_000 });

    // The hour before the minute the vehicle's last trip ended (its device sends the VIN at the end of each trip), so
    // the newest status event of it was sent while driving, with a speed.
    const lastTripEnd = Date.parse(types.find((summary) => summary.type === "dimo.fingerprint")?.lastSeen ?? "");
    const toMs = Math.floor(lastTripEnd / MINUTE_MS) * MINUTE_MS;
    const fromMs = toMs - HOUR_MS;
    await filterTo(page, "dimo.status", fromMs, toMs);
    const rows = page.getByTestId("raw-event");
    const typesShown = () => rows.evaluateAll((all) => [...new Set(all.map((row) => row.getAttribute("data-type")))]);
    await expect.poll(typesShown).toEqual(["dimo.status"]);

    // Open the newest event and find the speed in its payload.
    const first = rows.first();
    await first.getByTestId("raw-event-toggle").click();
    const payload = first.getByTestId("raw-event-payload");
    const speed = signalEntry(payload, "speed");
    await speed.locator("> summary").click();
    const speedValue = speed.locator('> div[data-json-key="value"]');
    await expect(speedValue).toBeVisible();
    const time = (await first.locator("time").first().getAttribute("datetime")) ?? "";
    const telemetry = await sandboxTelemetry<{ signals: { speed: number | null }[] }>(
      RAW,
      [1],
      'query($tokenId: Int!, $from: Time!, $to: Time!) { signals(tokenId: $tokenId, interval: "1s", from: $from, to: $to) { speed(agg: FIRST) } }',
      { from: time, to: new Date(Date.parse(time) + 1_000).toISOString() },
    );
    const telemetrySpeed = telemetry.signals[0]?.speed;
    expect(typeof telemetrySpeed).toBe("number");
    await expect(speedValue).toHaveAttribute("data-json-value", JSON.stringify(telemetrySpeed));

    // The hour as NDJSON: every status event of it, as the Fetch API lists them, then the line that counts them.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("raw-export").click()]);
    const lines = (await readFile(await download.path(), "utf8"))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; id?: string; time?: string; count?: number });
    const events = lines.slice(0, -1);
    expect(lines.at(-1)).toMatchObject({ type: "done", count: events.length, capped: false });
    const { indexes } = await sandboxFetch<{ indexes: { header: { id: string } }[] }>(
      "query($did: String!, $filter: CloudEventFilter) { indexes(did: $did, limit: 1000, filter: $filter) { header { id } } }",
      {
        filter: {
          type: "dimo.status",
          after: new Date(fromMs - 1).toISOString(),
          before: new Date(toMs).toISOString(),
        },
      },
    );
    expect(events.map((event) => event.id)).toEqual(indexes.map((index) => index.header.id));
    expect(events[0]?.id).toBe(await first.getByTestId("raw-event-detail").getAttribute("data-event-id"));
    for (const event of events) expect(event.type).toBe("dimo.status");
  });

  test("a signal on the Overview links to the status events around its time", async ({ page }) => {
    await page.goto(`/vehicles/${RAW}`);
    const row = page.locator('[data-testid="signal-row"][data-signal="speed"]');
    const recorded = Date.parse((await row.locator("time").getAttribute("datetime")) ?? "");
    await row.getByTestId("signal-raw-link").click();
    await expect(page).toHaveURL(/\/raw\?type=dimo\.status&from=/);
    const search = new URL(page.url()).searchParams;
    expect(Date.parse(search.get("from") ?? "")).toBe(recorded - 5 * MINUTE_MS);
    expect(Date.parse(search.get("to") ?? "")).toBe(recorded + 5 * MINUTE_MS);
    await expect(page.getByTestId("raw-event").first()).toHaveAttribute("data-type", "dimo.status");

    // Without raw data in the grant, the Overview offers no such link.
    await page.goto(`/vehicles/${NO_RAW}`);
    await expect(page.locator('[data-testid="signal-row"][data-signal="speed"]')).toBeVisible();
    await expect(page.getByTestId("signal-raw-link")).toHaveCount(0);
  });

  test("a vehicle whose grant lacks raw data says what is missing", async ({ page }) => {
    await page.goto(`/vehicles/${NO_RAW}/raw`);
    await expect(page.getByTestId("missing-privilege")).toContainText(
      "Raw data unavailable: the grant lacks Raw data (privilege 7).",
    );
    await expect(page.getByTestId("raw-types-card")).toHaveCount(0);
  });
});
