import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { groupSignals } from "@/lib/signals/vehicle-signals";
import { SignalGroupList } from "./signal-group-list";

const AT = "2026-11-01T10:00:00Z";

describe("SignalGroupList", () => {
  it("renders a group per branch and a row per signal, with the hooks browser tests select by", () => {
    const groups = groupSignals({
      lastSeen: AT,
      available: ["powertrainTractionBatteryStateOfChargeCurrent", "cabinDoorRow1DriverSideIsOpen", "speed"],
      signals: [
        { name: "powertrainTractionBatteryStateOfChargeCurrent", timestamp: AT, value: 81 },
        { name: "cabinDoorRow1DriverSideIsOpen", timestamp: AT, value: 0 },
      ],
      unread: [{ name: "speed", reason: "privilege" }],
      refused: [],
    });
    const html = renderToStaticMarkup(<SignalGroupList groups={groups} />);
    const groupIds = [...html.matchAll(/data-testid="signal-group" data-group="(\w+)"/g)].map((match) => match[1]);
    expect(groupIds).toEqual(["vehicle", "battery", "body"]);
    expect(html).toContain('data-testid="signal-row" data-signal="powertrainTractionBatteryStateOfChargeCurrent"');
    expect(html).toContain("81%");
    expect(html).toContain("Closed");
    expect(html).toContain("not read: the grant does not allow it");
    expect(html).toMatch(/data-signal="speed" data-value="" data-missing="privilege"/);
  });
});
