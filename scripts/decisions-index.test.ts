import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/decisions/README.md is the index of the decision records: one row per record, with its
 * number, status and what superseded it. A record added without its row, a row left behind by a
 * renamed record, or an index that calls a record superseded when the record does not (or the
 * other way round), fails here.
 */
const DIR = new URL("../docs/decisions/", import.meta.url);
const records = readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(new URL("README.md", DIR), "utf8");

interface Row {
  number: number;
  file: string;
  status: string;
  supersededBy: string;
}

const rows: Row[] = [...index.matchAll(/^\| \[(\d+)\]\(([^)]+)\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$/gm)].map(
  ([, number, file, status, supersededBy]) => ({
    number: Number(number),
    file: file!,
    status: status!.trim(),
    supersededBy: supersededBy!.trim(),
  }),
);

/** A record's own status line: "Date: … · Status: …". */
const statusLine = (file: string) => /Status: (.+)/.exec(readFileSync(new URL(file, DIR), "utf8"))?.[1] ?? "";

describe("the decision records' index", () => {
  it("has one row per record, and no row without its record", () => {
    expect(rows.map((row) => row.file).sort()).toEqual(records);
  });

  it("numbers each row as its record's file", () => {
    expect(rows.filter((row) => row.number !== Number(row.file.slice(0, 4)))).toEqual([]);
  });

  it("calls a record superseded exactly when the record says so, and names what superseded it", () => {
    const disagreements = rows.flatMap((row) => {
      const own = statusLine(row.file);
      const problems: string[] = [];
      if (row.status.startsWith("superseded") !== own.startsWith("superseded"))
        problems.push(`ADR ${row.number}: index "${row.status}", record "${own}"`);
      if (row.status.startsWith("superseded") && row.supersededBy === "—")
        problems.push(`ADR ${row.number}: superseded by nothing`);
      for (const [, by] of row.supersededBy.matchAll(/\b(\d+)\b/g))
        if (!rows.some((other) => other.number === Number(by)))
          problems.push(`ADR ${row.number}: superseded by ${by}, which is not in the index`);
      return problems;
    });
    expect(disagreements).toEqual([]);
  });
});
