import { z } from "zod";

/** The exchange's JSON body. `cloudEvents` is accepted (the real service takes it) and not used by the sandbox. */
export const exchangeRequestSchema = z.object({
  nftContractAddress: z.string(),
  privileges: z.array(z.number().int().refine(Number.isSafeInteger)),
  tokenId: z.number().int().refine(Number.isSafeInteger),
  cloudEvents: z.unknown().optional(),
});

export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>;

/** Go prints integer slices as `[1 4]`; the service's messages quote them that way. */
export const goList = (values: readonly number[]) => `[${values.join(" ")}]`;
