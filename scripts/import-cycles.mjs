import path from "node:path";
import ts from "typescript";

/**
 * Import cycles among the project's TypeScript files, type-only imports included: a type cycle costs nothing at run
 * time but ties two modules into one, and the next value import along it becomes a cycle that does. The graph is
 * TypeScript's own reading of the imports (tsconfig's files and paths), built once per lint run for the whole tree;
 * eslint-plugin-import-x's no-cycle skips type-only imports and walks the tree again from every file.
 */

/** @typedef {{ edges: Map<string, Map<string, string>>, groupOf: Map<string, Set<string>> }} ImportGraph */

/** @type {Map<string, ImportGraph>} */
const graphs = new Map();

/** The project's files (tsconfig.json at `root`) and, for each, where each of its import specifiers leads. */
function readEdges(root) {
  const configPath = path.join(root, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const files = parsed.fileNames.filter((file) => !file.endsWith(".d.ts") && !file.includes("/.next/"));
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(root, (name) => name, parsed.options);
  const edges = new Map();
  for (const file of files) {
    const targets = new Map();
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys, cache).resolvedModule;
      if (resolved && known.has(resolved.resolvedFileName)) targets.set(specifier, resolved.resolvedFileName);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** The strongly connected groups of more than one file (Tarjan's algorithm, iterative: the tree is deep). */
function cyclicGroups(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ file: start, targets: [...edges.get(start).values()], at: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, targets: [...(edges.get(target)?.values() ?? [])], at: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file), low.get(frame.file)));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const group = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.add(member);
      } while (member !== frame.file);
      const selfImport = [...(edges.get(frame.file)?.values() ?? [])].includes(frame.file);
      if (group.size > 1 || selfImport) groups.push(group);
    }
  }
  return groups;
}

/** @returns {ImportGraph} */
function graphOf(root) {
  let graph = graphs.get(root);
  if (!graph) {
    const edges = readEdges(root);
    const groupOf = new Map();
    for (const group of cyclicGroups(edges)) for (const file of group) groupOf.set(file, group);
    graph = { edges, groupOf };
    graphs.set(root, graph);
  }
  return graph;
}

/** Every group of files that import each other in a circle, as paths relative to `root`, each group sorted. */
export function importCycles(root) {
  const groups = new Set(graphOf(path.resolve(root)).groupOf.values());
  return [...groups].map((group) => [...group].map((file) => path.relative(root, file)).sort());
}

/** Each project file's imports, as paths relative to `root`. */
export function importEdges(root) {
  const { edges } = graphOf(path.resolve(root));
  const relative = (file) => path.relative(root, file);
  return new Map([...edges].map(([file, targets]) => [relative(file), [...targets.values()].map(relative)]));
}

/** The shortest way from `from` back to `to` inside their group, for the message. */
function wayBack(graph, from, to) {
  const group = graph.groupOf.get(from);
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of graph.edges.get(file)?.values() ?? []) {
      if (!group.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  const way = [];
  for (let file = to; file !== null && file !== undefined; file = cameFrom.get(file)) way.unshift(file);
  return way;
}

/** @type {import("eslint").Rule.RuleModule} */
const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only imports included" },
    messages: { cycle: "Import cycle: {{way}}. Move what both sides need into a module below them." },
    schema: [],
  },
  create(context) {
    const graph = graphOf(path.resolve(context.cwd));
    const file = context.physicalFilename;
    const group = graph.groupOf.get(file);
    if (!group) return {};
    const targets = graph.edges.get(file) ?? new Map();
    const check = (node) => {
      const specifier = node.source?.value;
      const target = typeof specifier === "string" ? targets.get(specifier) : undefined;
      if (!target || !group.has(target)) return;
      const way = [file, ...wayBack(graph, target, file)].map((step) => path.relative(context.cwd, step));
      context.report({ node, messageId: "cycle", data: { way: way.join(" → ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const importCyclesPlugin = { rules: { "no-cycle": noCycle } };
