import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { openApiKey, sealApiKey } from "./sealed-key";

const SECRET = "a-server-secret-of-at-least-32-characters";
const CLIENT_ID = "0x52D52df587cB2E014Ae81495D88c71c819779923";

const sealedFor = () => {
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  return { key, signer, sealed: sealApiKey(key, SECRET, { clientId: CLIENT_ID, signer }) };
};

describe("an API key sealed at rest", () => {
  it("opens to the same key with the same secret, license and signer", () => {
    const { key, signer, sealed } = sealedFor();
    expect(openApiKey(sealed, SECRET, { clientId: CLIENT_ID.toLowerCase(), signer })).toBe(key);
  });

  it("holds nothing of the key in the clear, and differs each time it is sealed", () => {
    const { key, signer, sealed } = sealedFor();
    const hex = key.slice(2);
    for (const form of [
      hex,
      hex.toUpperCase(),
      Buffer.from(hex, "hex").toString("base64url"),
      Buffer.from(hex, "hex").toString("base64"),
    ]) {
      expect(sealed).not.toContain(form);
      expect(sealed).not.toContain(form.slice(0, 16));
    }
    expect(sealApiKey(key, SECRET, { clientId: CLIENT_ID, signer })).not.toBe(sealed);
  });

  it("does not open with another secret, for another license or signer, or once changed", () => {
    const { signer, sealed } = sealedFor();
    const context = { clientId: CLIENT_ID, signer };
    expect(openApiKey(sealed, `${SECRET}!`, context)).toBeNull();
    expect(
      openApiKey(sealed, SECRET, { ...context, clientId: "0x1111111111111111111111111111111111111111" }),
    ).toBeNull();
    expect(openApiKey(sealed, SECRET, { ...context, signer: sealedFor().signer })).toBeNull();
    const [version, iv, data = "", tag] = sealed.split(".");
    const flipped = `${data.startsWith("A") ? "B" : "A"}${data.slice(1)}`;
    expect(openApiKey([version, iv, flipped, tag].join("."), SECRET, context)).toBeNull();
    expect(openApiKey("not sealed", SECRET, context)).toBeNull();
  });
});
