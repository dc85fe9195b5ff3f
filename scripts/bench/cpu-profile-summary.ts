/**
 * `npx tsx scripts/bench/cpu-profile-summary.ts PROFILE.cpuprofile [--top 40]`
 *
 * Sums a V8 CPU profile (as `node --cpu-prof` writes it) by function: self time, and total time
 * (the function and what it called, counted once per sample however deep the recursion), as
 * shares of all samples that were not idle. Used to find where a request's CPU goes.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { positiveInteger, table } from "./support";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const { values: flags, positionals } = parseArgs({
  options: { top: { type: "string" } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error("usage: cpu-profile-summary.ts PROFILE.cpuprofile [--top N]");
const TOP = positiveInteger("--top", flags.top, 40);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const label = (node: ProfileNode) => {
  const where = node.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|build)\//, "$1/");
  return `${node.callFrame.functionName || "(anonymous)"} ${where ? `${where}:${node.callFrame.lineNumber + 1}` : ""}`.trim();
};
const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);

const self = new Map<string, number>();
const total = new Map<string, number>();
let busy = 0;
for (const sample of profile.samples) {
  const node = byId.get(sample);
  if (!node || IDLE.has(node.callFrame.functionName)) continue;
  busy += 1;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = sample; at !== undefined; at = parentOf.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + 1);
  }
}
const share = (count: number) => `${((count / busy) * 100).toFixed(1)} %`;
const rows = (counts: Map<string, number>) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, count]) => [share(count), name]);
console.log(`${busy} busy samples of ${profile.samples.length}\n\n## Self time\n`);
console.log(table(["share", "function"], rows(self), ["r", "l"]));
console.log(`\n## Total time\n`);
console.log(table(["share", "function"], rows(total), ["r", "l"]));
