import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type SandboxContext } from "../../context";

/**
 * Download addresses for payloads too large to inline, presigned as DIMO's S3 bucket presigns them: valid for 15
 * minutes, refused when expired or altered. The signing key is derived from the sandbox's own token-exchange key, so
 * every sandbox process on one database signs alike and no client can forge an address.
 */

const BLOB_TTL_SECONDS = 15 * 60;

const keys = new WeakMap<SandboxContext, Buffer>();

function signingKey(ctx: SandboxContext): Buffer {
  let key = keys.get(ctx);
  if (!key) {
    const jwk = ctx.keys.tokenExchange.privateKey.export({ format: "jwk" });
    key = createHash("sha256")
      .update(`fetch blobs:${jwk.d ?? ""}`)
      .digest();
    keys.set(ctx, key);
  }
  return key;
}

/** S3's timestamp form: 20260615T192530Z. */
const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function signature(ctx: SandboxContext, blobKey: string, date: string): string {
  return createHmac("sha256", signingKey(ctx)).update(`${blobKey}\n${date}`).digest("hex");
}

/** The presigned address of a blob, under the Fetch API's base address. */
export function presignBlob(ctx: SandboxContext, baseUrl: string, blobKey: string): string {
  const date = amzDate(ctx.clock.nowMs());
  const query = new URLSearchParams({
    "X-Amz-Date": date,
    "X-Amz-Expires": String(BLOB_TTL_SECONDS),
    "X-Amz-Signature": signature(ctx, blobKey, date),
  });
  return `${baseUrl}/blobs/${encodeURIComponent(blobKey)}?${query.toString()}`;
}

type BlobCheck = { ok: true } | { ok: false; code: "AccessDenied" | "SignatureDoesNotMatch"; message: string };

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** Whether a presigned address is one the sandbox made, and still valid by the sandbox clock. */
export function checkBlobAddress(
  ctx: SandboxContext,
  blobKey: string,
  params: { date?: string; expires?: string; signature?: string },
): BlobCheck {
  const mismatch: BlobCheck = {
    ok: false,
    code: "SignatureDoesNotMatch",
    message: "The request signature we calculated does not match the signature you provided.",
  };
  const date = AMZ_DATE.exec(params.date ?? "");
  if (!date || params.expires !== String(BLOB_TTL_SECONDS) || !params.signature) return mismatch;
  const want = Buffer.from(signature(ctx, blobKey, params.date as string), "hex");
  const given = Buffer.from(params.signature, "hex");
  if (given.length !== want.length || !timingSafeEqual(given, want)) return mismatch;
  const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
  const signedMs = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
  if (ctx.clock.nowMs() > signedMs + BLOB_TTL_SECONDS * 1000) {
    return { ok: false, code: "AccessDenied", message: "Request has expired" };
  }
  return { ok: true };
}
