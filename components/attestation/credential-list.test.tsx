import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Credential } from "@/lib/models/attestation";
import { CredentialList } from "./credential-list";

const credential = (id: string, kind: Credential["kind"], dataVersion: string): Credential => ({
  id,
  kind,
  time: "2026-05-01T12:00:00Z",
  type: "dimo.attestation",
  source: "0x0000000000000000000000000000000000000001",
  dataVersion,
  producer: null,
  signature: "0xsig",
  tags: [],
  json: JSON.stringify({ id, data: { credentialSubject: { odometerReading: { value: 1234.5 } } } }, null, 2),
});

describe("CredentialList", () => {
  it("shows each credential with its kind and its JSON, the newest opened", () => {
    const html = renderToStaticMarkup(
      <CredentialList
        credentials={[
          credential("2b", "odometer", "vehicleodometer/v1.0.0"),
          credential("2a", null, "somethingelse/v1"),
        ]}
      />,
    );
    const rows = [...html.matchAll(/data-testid="attestation-row" data-kind="(\w+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(["odometer", "other"]);
    expect(html.match(/data-testid="attestation-json"/g)).toHaveLength(2);
    expect(html).toContain("&quot;value&quot;: 1234.5");
    expect(html.match(/<details open="">/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Copy the Odometer credential&#x27;s JSON"');
  });
});
