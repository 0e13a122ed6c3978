import { Kind, parse } from "graphql";

/**
 * The top-level fields a GraphQL request body selects (`{ vehicles(...) { ... } }` → ["vehicles"]), over every
 * operation it holds; none when the body is not a GraphQL request or does not parse.
 */
export function topLevelFields(body: unknown): string[] {
  if (typeof body !== "object" || body === null || !("query" in body) || typeof body.query !== "string") return [];
  try {
    return parse(body.query).definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? definition.selectionSet.selections.flatMap((selection) =>
            selection.kind === Kind.FIELD ? [selection.name.value] : [],
          )
        : [],
    );
  } catch {
    return [];
  }
}
