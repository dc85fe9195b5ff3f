import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "~/tests/support/server-process";

/**
 * The security document and the decision records point readers at files ("where", "test"); a
 * renamed or renumbered file must not leave them pointing at nothing.
 */
const SKIPPED = new Set(["node_modules", "build", "data", ".git", "test-results", "playwright-report"]);

function repositoryFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".react-router")) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? repositoryFiles(full) : [path.relative(repoRoot, full)];
  });
}

const files = repositoryFiles();
const paths = new Set(files);
const names = new Set(files.map((file) => path.basename(file)));
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");
const decisions = files.filter((file) => file.startsWith("docs/decisions/") && file.endsWith(".md"));

describe("files named in the docs exist", () => {
  it("every migration named in the docs and decision records is in db/migrations", () => {
    const missing = ["docs/security.md", "docs/ARCHITECTURE.md", "README.md", ...decisions].flatMap((doc) =>
      [...read(doc).matchAll(/\b\d{4}_[a-z0-9-]+\.sql\b/g)]
        .map(([name]) => name)
        .filter((name) => !paths.has(`db/migrations/${name}`))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("every source file docs/security.md names (by path or by name) exists", () => {
    const named = [...read("docs/security.md").matchAll(/`([^`\s]+\.(?:ts|tsx|sql))`/g)].map(([, name]) => name!);
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter((name) => {
      if (/[*{]/.test(name)) return false; // a pattern, such as visibility*.ts
      return name.includes("/") ? !paths.has(name) : !names.has(name);
    });
    expect(missing).toEqual([]);
  });
});
