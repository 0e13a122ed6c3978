import "server-only";
import { z } from "zod";

/** `POST /auth/web3/generate_challenge` */
export const challengeSchema = z.object({
  state: z.string().min(1),
  challenge: z.string().min(1),
});

/** `POST /auth/web3/submit_challenge`; only the access token matters, its `exp` is authoritative. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  id_token: z.string().optional(),
});

/** `POST /v1/tokens/exchange` */
export const exchangeResponseSchema = z.object({
  token: z.string().min(1),
});
