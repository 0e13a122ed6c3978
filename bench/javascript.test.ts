import { describe, expect, it } from "vitest";
import { hasMapCode, hasWalletCode, scriptSources } from "./javascript";

describe("scriptSources", () => {
  it("collects every script src once, resolved against the page, in order, without nomodule polyfills", () => {
    const html = `<html><head>
      <script src="/_next/static/chunks/a.js" async=""></script>
      <link rel="preload" as="script" href="/_next/static/chunks/preloaded.js"/>
      <script>self.__next_f.push([1,"inline"])</script>
      <script async src='/_next/static/chunks/b.js?dpl=x&amp;y=1'></script>
      <script src="/_next/static/chunks/a.js"></script>
      <script src="https://cdn.example/c.js" defer></script>
      <script src="/_next/static/chunks/polyfills.js" noModule=""></script>
    </head></html>`;
    expect(scriptSources(html, "http://127.0.0.1:3000/vehicles/1/trips")).toEqual([
      "http://127.0.0.1:3000/_next/static/chunks/a.js",
      "http://127.0.0.1:3000/_next/static/chunks/b.js?dpl=x&y=1",
      "https://cdn.example/c.js",
    ]);
  });

  it("finds nothing in a page without scripts", () => {
    expect(scriptSources('<p>data-src="x.js"</p>', "http://localhost/")).toEqual([]);
  });
});

describe("markers", () => {
  it("spots wagmi and viem by the versions in their messages", () => {
    expect(hasWalletCode('e.exports="Version: viem@2.57.1"')).toBe(true);
    expect(hasWalletCode("`viem@${version}`")).toBe(true);
    expect(hasWalletCode('"wagmi@3.7.7"')).toBe(true);
    expect(hasWalletCode("a viem-free chunk mentioning wagmi")).toBe(false);
  });

  it("spots MapLibre by its control class names", () => {
    expect(hasMapCode('className="maplibregl-ctrl maplibregl-ctrl-group"')).toBe(true);
    expect(hasMapCode('import("maplibre-gl")')).toBe(false);
  });
});
