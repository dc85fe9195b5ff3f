/**
 * Debian's nginx as the load balancer in front of one or more app instances, on loopback: the
 * configuration, pid, logs and temporary files live in a directory of their own, and nginx runs in
 * the foreground as a child of the script (never the system's nginx service).
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sleep, type Cleanup } from "../bench/support";
import { startOnBusyPort, waitUntilListening } from "./ports";

export interface Nginx {
  url: string;
  /** The error log so far (for a failure message). */
  errorLog(): string;
}

/**
 * The proxy configuration the cluster check uses, and the one docs/operations.md shows.
 * Plain HTTP/1.0 to the instances (no upstream keep-alive), so a request is never sent on a
 * connection the instance is closing while it drains; a refused connection (an instance that is
 * stopping or starting) is retried on the next instance, which is safe for every method because
 * nothing was sent yet. A request already sent is never retried: a create is not repeated.
 */
export function nginxConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  const servers = upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/client_body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  # Photo uploads are up to 15 MB; the app enforces its own, smaller, per-route limits.
  client_max_body_size 20m;
  upstream app {
${servers.join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_set_header Host $http_host;
      # The app believes this only from addresses in TRUSTED_PROXIES (here: loopback).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
      proxy_buffering off;
    }
  }
}
`;
}

/** Starts nginx on `port` in front of `upstreams`; the cleanup stops it and removes its directory. */
export async function startNginx(
  cleanup: Cleanup,
  options: { port: number; upstreams: number[]; prefix: string },
): Promise<Nginx> {
  return startOnBusyPort(() => startNginxOnce(cleanup, options), /Address already in use/);
}

async function startNginxOnce(
  cleanup: Cleanup,
  { port, upstreams, prefix }: { port: number; upstreams: number[]; prefix: string },
): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanup.add(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  // Worker processes run as an unprivileged user when nginx is started as root: they need the temp paths.
  chmodSync(dir, 0o755);
  for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, "tmp", sub), { recursive: true });
    chmodSync(path.join(dir, "tmp", sub), 0o777);
  }
  chmodSync(path.join(dir, "tmp"), 0o755);
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig({ dir, port, upstreams }));
  const child = spawn(
    process.env.NGINX ?? "/usr/sbin/nginx",
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => {
    try {
      return stderr.join("") + readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return stderr.join("");
    }
  };
  cleanup.add(`stop nginx on ${port}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGQUIT"); // graceful: finish open requests
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  await waitUntilListening(port, { running: () => child.exitCode === null, name: "nginx", log: errorLog });
  return { url: `http://127.0.0.1:${port}`, errorLog };
}
