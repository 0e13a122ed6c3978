/**
 * Bump whenever the schema or anything the seed produces changes: data folders and test templates seeded by another
 * version are seeded again.
 */
export const SEED_VERSION = 11;
