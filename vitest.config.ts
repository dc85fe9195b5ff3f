import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL(".", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{app,lib,modules,server,db,scripts}/**/*.test.{ts,tsx}", "tests/e2e/support/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // These files spend much of their time waiting on child servers, databases and sockets, so
          // two run at once even on two cores (Vitest's default, one less than the cores, is one).
          // Each file has its own database, server, ports and client addresses.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Databases and child servers take a moment to start.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { LOG_LEVEL: "silent" },
        },
      },
    ],
  },
});
