import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * The operation complexity limit of DIMO's Telemetry API: gqlgen's fixed limit of 100, where every field costs 1 plus
 * the cost of the fields under it (the service sets no costs of its own). A query over the limit is refused whole,
 * before anything runs, so a client asking for many aliased `signals` at once must split its request.
 */
export const COMPLEXITY_LIMIT = 100;

function selectionCost(
  selectionSet: SelectionSetNode | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!selectionSet) return 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) cost += 1 + selectionCost(selection.selectionSet, fragments, seen);
    else if (selection.kind === Kind.INLINE_FRAGMENT) cost += selectionCost(selection.selectionSet, fragments, seen);
    else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Validation has refused fragment cycles already; the guard keeps this function safe on its own.
      if (!fragment || seen.has(name)) continue;
      cost += selectionCost(fragment.selectionSet, fragments, new Set([...seen, name]));
    }
  }
  return cost;
}

/** The complexity of the operation that would run (by name, or the only one); 0 when there is none to pick. */
export function operationComplexity(document: DocumentNode, operationName?: string | null): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return 0;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  return selectionCost(operation.selectionSet, fragments, new Set());
}
