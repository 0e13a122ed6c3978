import "server-only";
import { type RawPayload } from "@/lib/models/raw-data";
import { type HttpSettings, dimoFetch } from "../http";
import { type FetchTarget } from "./query";

/**
 * A large payload the Fetch API keeps apart and names by `dataUrl`. The server reads it only from the Fetch API's
 * own configured address: the URL comes from an answer, and a server that followed any URL it was handed could be
 * pointed at its own network. Anywhere else (DIMO's presigned storage links), the link is left for the person to
 * open in their own browser. No redirect is followed, and no more than STORED_PAYLOAD_MAX_BYTES is read.
 */

export const STORED_PAYLOAD_MAX_BYTES = 2 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The first STORED_PAYLOAD_MAX_BYTES of the body, and whether there was more. */
async function cappedBody(response: Response): Promise<{ body: Uint8Array<ArrayBuffer>; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  const reader = response.body?.getReader();
  while (reader) {
    const chunk = await reader.read();
    if (chunk.done) break;
    if (size + chunk.value.byteLength > STORED_PAYLOAD_MAX_BYTES) {
      cut = true;
      await reader.cancel();
      break;
    }
    chunks.push(chunk.value);
    size += chunk.value.byteLength;
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, cut };
}

/**
 * The HTTP settings for one download: no redirect followed, and the body read up to the cap; `wasCut` says whether
 * the answer went past it (the call is then logged as DIMO answered it, with what was read).
 */
function cappedSettings(http: HttpSettings): { settings: HttpSettings; wasCut: () => boolean } {
  let cut = false;
  const settings: HttpSettings = {
    ...http,
    fetch: async (input, init) => {
      const response = await http.fetch(input, { ...init, redirect: "error" });
      const read = await cappedBody(response);
      cut = read.cut;
      const headers = new Headers(response.headers);
      headers.delete("content-length");
      return new Response(read.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
  return { settings, wasCut: () => cut };
}

/** Whether the URL is at the Fetch API's own origin (scheme, host and port), the one place the server reads from. */
function isFetchApiUrl(href: string, fetchBaseUrl: string): boolean {
  try {
    const url = new URL(href);
    return url.origin === new URL(fetchBaseUrl).origin && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export async function readStoredPayload(target: FetchTarget, dataUrl: string): Promise<RawPayload> {
  if (!isFetchApiUrl(dataUrl, target.baseUrl)) {
    return {
      kind: "url",
      url: dataUrl,
      value: null,
      note: "DIMO keeps this payload in its storage; the dashboard's server does not read links outside the Fetch API's address. Open the link to download it.",
    };
  }
  const url = new URL(dataUrl);
  const { settings, wasCut } = cappedSettings(target.http);
  const response = await dimoFetch(settings, {
    service: "fetch",
    method: "GET",
    baseUrl: url.origin,
    path: url.pathname,
    // A storage link's query signs it: sent, never logged.
    query: Object.fromEntries(url.searchParams),
    retry: "idempotent",
    tokenId: target.tokenId,
  });
  if (wasCut()) {
    return {
      kind: "url",
      url: dataUrl,
      value: null,
      note: `The payload is larger than ${megabytes(STORED_PAYLOAD_MAX_BYTES)}, more than the dashboard shows. Open the link to download it.`,
    };
  }
  return { kind: "url", url: dataUrl, value: response.body, note: null };
}
