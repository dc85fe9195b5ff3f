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
          // Databases and child servers take a moment to start.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { LOG_LEVEL: "silent" },
        },
      },
    ],
  },
});
