import "server-only";
import { z } from "zod";

/**
 * DIMO's credit tracker's reports (credit-tracker 4cc9b9a, docs/swagger.yaml): counts are whole numbers, dates RFC
 * 3339 (Go's zero time when no end was asked).
 */

const count = z.number().int();

export const licenseUsageSchema = z.object({
  licenseId: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  numOfAssets: count,
  numOfCreditsGrantsPurchased: count,
  numOfCreditsUsed: count,
});

export const assetUsageSchema = z.object({
  licenseId: z.string(),
  assetDid: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  numOfCreditsGrantsPurchased: count,
  numOfCreditsUsed: count,
  currentCreditsRemaining: count,
});
