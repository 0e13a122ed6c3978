import "server-only";
import { z } from "zod";

/** Identity API (GraphQL) responses. Optional fields the real API may leave null are accepted as null. */

export const graphQLErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({ code: z.string().optional() }).loose().optional(),
});

function graphQLResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.nullish(),
    errors: z.array(graphQLErrorSchema).optional(),
  });
}

const sacdSchema = z.object({
  permissions: z.string().regex(/^0x[0-9a-fA-F]*$/),
  expiresAt: z.string().nullish(),
  grantee: z.string().nullish(),
  source: z.string().nullish(),
  createdAt: z.string().nullish(),
});

const vehicleNodeSchema = z.object({
  tokenId: z.number().int().positive(),
  tokenDID: z.string().nullish(),
  owner: z.string(),
  mintedAt: z.string().nullish(),
  name: z.string().nullish(),
  imageURI: z.string().nullish(),
  definition: z
    .object({
      id: z.string().nullish(),
      make: z.string().nullish(),
      model: z.string().nullish(),
      year: z.number().int().nullish(),
    })
    .nullish(),
  sacd: sacdSchema.nullish(),
});

export const vehicleQuerySchema = graphQLResponseSchema(z.object({ vehicle: vehicleNodeSchema.nullable() }));

export const vehiclesQuerySchema = graphQLResponseSchema(
  z.object({
    vehicles: z.object({
      totalCount: z.number().int().nonnegative(),
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
      nodes: z.array(vehicleNodeSchema),
    }),
  }),
);

/** Device definitions asked for by alias (`d0`, `d1`...): each one's attributes, or null when the API knows none. */
export const deviceDefinitionsQuerySchema = graphQLResponseSchema(
  z.record(
    z.string(),
    z.object({ attributes: z.array(z.object({ name: z.string(), value: z.string().nullish() })).nullish() }).nullable(),
  ),
);

// The contract lists plain arrays; the real API has connections ({ nodes: [...] }). Both are read.
const addressList = z.union([
  z.array(z.string()),
  z.object({ nodes: z.array(z.object({ address: z.string() })) }).transform((c) => c.nodes.map((n) => n.address)),
]);
const uriList = z.union([
  z.array(z.string()),
  z.object({ nodes: z.array(z.object({ uri: z.string() })) }).transform((c) => c.nodes.map((n) => n.uri)),
]);

export const developerLicenseQuerySchema = graphQLResponseSchema(
  z.object({
    developerLicense: z
      .object({
        tokenId: z.number().int(),
        owner: z.string(),
        clientId: z.string(),
        alias: z.string().nullish(),
        redirectURIs: uriList.nullish(),
        signers: addressList.nullish(),
      })
      .nullable(),
  }),
);

export type VehicleNode = z.output<typeof vehicleNodeSchema>;
