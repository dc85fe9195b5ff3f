import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { freePort, repoRoot, startServer, waitFor } from "~/tests/support/server-process";

/**
 * `npm start` as a newcomer runs it in a fresh clone: it builds (quietly), starts the demo and
 * prints one plain line with the address, the same origin the e-mail links use. Each run works
 * in a copy of the sources with no build/, so the repository's own build is never touched.
 */

const COPIED = ["app", "server", "lib", "modules", "db", "public", "scripts"];
const COPIED_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

function freshClone(): string {
  const root = mkdtempSync(path.join(tmpdir(), "laneway-clone-"));
  for (const entry of [...COPIED, ...COPIED_FILES]) {
    cpSync(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"));
  return root;
}

/** `npm start`'s script in `cwd`, its output kept line by line. */
function npmStart(cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.join(cwd, "data"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => stdout.push(line));
  createInterface({ input: child.stderr }).on("line", (line) => stderr.push(line));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout, stderr, exited };
}

const isJson = (line: string) => line.startsWith("{");

describe("npm start", () => {
  const clones: string[] = [];
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail?.close();
    for (const clone of clones) rmSync(clone, { recursive: true, force: true });
  });

  it(
    "builds quietly, then prints one ready line whose address the e-mail links share",
    { timeout: 400_000 },
    async () => {
      const clone = freshClone();
      clones.push(clone);
      const port = await freePort();
      const start = npmStart(clone, { PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
      try {
        const ready = await waitFor(
          "the ready line",
          () => {
            if (start.child.exitCode !== null) throw new Error(`npm start exited:\n${start.stderr.join("\n")}`);
            return start.stdout.find((line) => line.includes(" is running at "));
          },
          { timeoutMs: 360_000, intervalMs: 200 },
        );
        const address = `http://localhost:${port}`;
        expect(ready).toBe(`Laneway Rooms is running at ${address} — demo accounts in README`);
        // Nothing else in plain text: no build output, and every log line is JSON.
        expect(start.stdout.filter((line) => !isJson(line))).toEqual(["Building the app…", ready]);
        expect((await fetch(`${address}/healthz`)).status).toBe(200);

        // A sign-in link sent by e-mail opens on the printed address, where the person is signed in.
        const email = "landlord@example.com";
        const sent = await fetch(`http://127.0.0.1:${port}/auth`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "magic_link", email }).toString(),
        });
        expect(sent.status).toBe(200);
        const message = await mail.waitFor((caught) => caught.to.includes(email), 30_000);
        const link = /https?:\/\/[^\s"<>]+\/auth\/confirm[^\s"<>]*/.exec(message.text)?.[0];
        expect(link, message.text).toBeDefined();
        expect(new URL(link ?? "").origin).toBe(address);
      } finally {
        start.child.kill("SIGTERM");
        await start.exited;
      }
    },
  );

  it("shows the build's own output, and exits, when the build fails", { timeout: 180_000 }, async () => {
    const clone = freshClone();
    clones.push(clone);
    writeFileSync(path.join(clone, "react-router.config.ts"), 'throw new Error("a broken build configuration");\n');
    const start = npmStart(clone, { PORT: String(await freePort()) });
    const code = await start.exited;
    const output = [...start.stdout, ...start.stderr].join("\n");
    expect(code, output).not.toBe(0);
    expect(output).toContain("a broken build configuration");
    expect(output).toContain("The build failed");
    expect(output).not.toContain(" is running at ");
  });
});

describe("the production server", () => {
  it("logs JSON only, its address included", { timeout: 200_000 }, async () => {
    const server = await startServer({
      env: {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        PUBLIC_URL: "https://rooms.example.com",
      },
    });
    try {
      await server.waitForLine((line) => line.includes("server listening"));
      expect(server.stdout.filter((line) => !isJson(line))).toEqual([]);
      expect(server.logLines().find((line) => line.msg === "server listening")).toMatchObject({
        url: "https://rooms.example.com",
      });
    } finally {
      await server.stop();
    }
  });
});
