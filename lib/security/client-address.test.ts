import { type AddressInfo } from "node:net";
import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_CLIENT, clientAddress, clientAddressOf, stampClientAddresses } from "./client-address";

describe("clientAddressOf", () => {
  it("with no trusted proxy, is the socket's address whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("127.0.0.1", "198.51.100.7", 0)).toBe("127.0.0.1");
    expect(clientAddressOf("::ffff:192.0.2.4", undefined, 0)).toBe("192.0.2.4");
    expect(clientAddressOf("::1", "198.51.100.7, 10.0.0.1", 0)).toBe("::1");
  });

  it("behind trusted proxies, is the right-most entry none of them wrote", () => {
    // The client wrote 198.51.100.7; the one proxy appended what it saw, 203.0.113.5.
    expect(clientAddressOf("10.0.0.2", "198.51.100.7, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(clientAddressOf("10.0.0.2", "198.51.100.7, 203.0.113.5, 10.0.0.9", 2)).toBe("203.0.113.5");
    // Several header lines are one list, in order.
    expect(clientAddressOf("10.0.0.2", ["198.51.100.7", "203.0.113.5"], 1)).toBe("203.0.113.5");
    // A request that reached the dashboard without passing every proxy: the furthest address known.
    expect(clientAddressOf("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.2", "203.0.113.5", 3)).toBe("203.0.113.5");
  });

  it("keeps no text that is not an address, so a key cannot grow with a header", () => {
    expect(clientAddressOf("10.0.0.2", `${"x".repeat(16_000)}`, 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddressOf("10.0.0.2", "203.0.113.5:443", 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddressOf(undefined, undefined, 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddressOf("10.0.0.2", " 2001:DB8::1 ", 1)).toBe("2001:db8::1");
  });
});

describe("stampClientAddresses", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    stampClientAddresses(0);
    // What a route handler does: build a web Request from the Node request's headers and ask for the address.
    server = createServer((incoming, response) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === "string") headers.set(name, value);
      response.end(clientAddress(new Request("http://localhost/", { headers })));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function askAddress(headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: "127.0.0.1", port, path: "/", headers }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve(body));
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("stamps each request with the socket's address, not the X-Forwarded-For the client wrote", async () => {
    expect(await askAddress({})).toBe("127.0.0.1");
    expect(await askAddress({ "x-forwarded-for": "198.51.100.7" })).toBe("127.0.0.1");
  });

  it("replaces a stamp the client wrote itself", async () => {
    expect(await askAddress({ "x-dashboard-client-address": "forged 198.51.100.7" })).toBe("127.0.0.1");
  });

  it("reads a request with no stamp of this process as unknown", () => {
    const forged = new Request("http://localhost/", {
      headers: { "x-dashboard-client-address": "forged 198.51.100.7" },
    });
    expect(clientAddress(forged)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(new Request("http://localhost/"))).toBe(UNKNOWN_CLIENT);
  });
});
