import { describe, expect, it } from "vitest";
import { Delays } from "./context";

describe("Delays", () => {
  it("ends every wait when the sandbox closes, and any wait asked for after that at once", async () => {
    const delays = new Delays();
    const pending = delays.wait(60_000);
    delays.close();
    expect(await pending).toBe(false);
    // A request that reaches its delay while the sandbox is closing answers at once instead of writing later.
    expect(await delays.wait(60_000)).toBe(false);
  });

  it("resolves true once the time has passed while the sandbox is open", async () => {
    expect(await new Delays().wait(1)).toBe(true);
  });
});
