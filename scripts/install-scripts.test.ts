import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Manifest {
  allowScripts?: Record<string, boolean>;
}
interface Lockfile {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as Manifest;
const lockfile = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as Lockfile;

/** "node_modules/a/node_modules/@scope/b" → "@scope/b". */
function packageName(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf("node_modules/") + "node_modules/".length);
}

// npm 11 lists every dependency whose install script nobody has reviewed as a warning at the end of
// each `npm install` (npm 12 will skip those scripts): a clean install prints no warning only while
// package.json's allowScripts decides each one.
describe("dependencies with install scripts", () => {
  it("are each allowed or denied in package.json's allowScripts", () => {
    const withScripts = Object.entries(lockfile.packages)
      .filter(([lockPath, entry]) => lockPath !== "" && entry.hasInstallScript)
      .map(([lockPath]) => packageName(lockPath));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = [...new Set(withScripts)].filter((name) => typeof manifest.allowScripts?.[name] !== "boolean");
    expect(undecided).toEqual([]);
  });
});
