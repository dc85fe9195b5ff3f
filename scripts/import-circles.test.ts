/**
 * No import circles among the project's own files, type-only imports included: the lint rule
 * (import-x/no-cycle) skips those, yet a circle of types still means two files are one idea or a
 * rule lives in the wrong place. A lazy `import()` is a split point the bundler loads later, not an
 * edge of the graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["app", "server", "lib", "modules", "db", "scripts", "tests", "tools"];
const SKIPPED = new Set(["node_modules", "build", "data", "test-results", "playwright-report", "migrations"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The project file an import names, or undefined for packages and generated files. */
function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = path.join(ROOT, bare.slice(2));
  else if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && exists(candidate));
}

/** What a file's import and export-from declarations name, type-only ones included. */
function staticImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** Every circle in the import graph of `sources` (file → text), each as the files along it. */
export function importCircles(sources: Map<string, string>): string[][] {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const targets = staticImports(file, text).flatMap(
      (specifier) => resolveImport(file, specifier, (f) => sources.has(f)) ?? [],
    );
    graph.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: a component of more than one file holds a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    const selfImport = graph.get(file)?.includes(file);
    if (component.length > 1 || selfImport) circles.push(component.map((member) => path.relative(ROOT, member)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("import circles", () => {
  it("finds a circle made only of type imports", () => {
    const planted = new Map([
      [path.join(ROOT, "lib/a.ts"), 'import type { B } from "~/lib/b";\nexport type A = B;'],
      [path.join(ROOT, "lib/b.ts"), 'import { c } from "./c";\nexport type B = typeof c;'],
      [path.join(ROOT, "lib/c.ts"), 'import type { A } from "~/lib/a";\nexport const c = 1 as unknown as A;'],
      [
        path.join(ROOT, "lib/d.ts"),
        'import { c } from "~/lib/c";\nimport "react";\nexport const e = () => import("./e");',
      ],
      [path.join(ROOT, "lib/e.ts"), 'export { c } from "./c";\nexport type { D } from "~/lib/d";'],
    ]);
    expect(importCircles(planted)).toEqual([["lib/a.ts", "lib/b.ts", "lib/c.ts"]]);
  });

  it("finds none among the project's own files", () => {
    const files = SOURCE_DIRS.map((dir) => path.join(ROOT, dir))
      .filter((dir) => existsSync(dir) && statSync(dir).isDirectory())
      .flatMap(sourceFiles);
    const sources = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
    expect(sources.size).toBeGreaterThan(500);
    expect(importCircles(sources)).toEqual([]);
  });
});
