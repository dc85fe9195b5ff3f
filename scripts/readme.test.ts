import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const testScript = readFileSync(new URL("./test.sh", import.meta.url), "utf8");

/** The section a newcomer reads first: "The two commands", up to the next heading. */
const firstBlock = /## The two commands\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? "";

describe("the README's first block", () => {
  it("shows how to start on another port and data directory", () => {
    expect(firstBlock).toMatch(/PORT=\d+ DATA_DIR=\S+ npm start/);
  });

  it("names every Debian package npm test checks for, pg_dump included", () => {
    const packages = [...testScript.matchAll(/missing\+=\(([\w-]+)\)/g)].map(([, name]) => name);
    expect(packages).toEqual(["chromium", "postgresql", "postgresql-client"]);
    for (const name of packages) expect(firstBlock).toContain(`\`${name}\``);
    expect(firstBlock).toContain("`pg_dump`");
    expect(firstBlock).toMatch(/as root, it installs/i);
  });

  it("quotes the line npm start prints when the server is ready", () => {
    expect(firstBlock).toContain("`Laneway Rooms is running at http://localhost:3000 — demo accounts in README`");
  });
});
