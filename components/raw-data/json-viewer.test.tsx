import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonViewer } from "./json-viewer";

describe("JsonViewer", () => {
  const payload = {
    signals: Array.from({ length: 120 }, (_, i) => ({ name: `s${i}`, value: i })),
    vin: "1HGCM82633A004352",
    nested: { deeper: { deepest: { flag: true, none: null } } },
    empty: [],
  };
  const html = renderToStaticMarkup(<JsonViewer value={payload} label="payload" />);

  it("shows every key and value, strings quoted", () => {
    expect(html).toContain("vin: ");
    expect(html).toContain("&quot;1HGCM82633A004352&quot;");
    expect(html).toContain(">119<");
    expect(html).toContain(">true<");
    expect(html).toContain(">null<");
  });

  it("opens the first levels, and folds deep levels and long lists", () => {
    const opened = (html.match(/<details[^>]*open/g) ?? []).length;
    const folds = (html.match(/<details/g) ?? []).length;
    // The root and `nested` open; the 120 signals, `deeper` and below fold; the empty list is no fold at all.
    expect(opened).toBe(2);
    expect(folds).toBe(2 + 1 + 120 + 2);
    expect(html).toContain("120 items");
  });

  it("previews a folded object's plain fields, so a list of signals can be scanned", () => {
    expect(html).toContain("name: &quot;s3&quot;, value: 3");
  });
});
