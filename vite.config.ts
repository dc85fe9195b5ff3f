import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig } from "vite";
import { firstVisitChunks } from "./scripts/vite/first-visit-chunks.ts";
import { precompressedAssets } from "./scripts/vite/precompressed-assets.ts";

export default defineConfig({
  plugins: [
    reactRouterHonoServer({ serverEntryPoint: "server/index.ts" }),
    tailwindcss(),
    reactRouter(),
    firstVisitChunks(),
    precompressedAssets(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL(".", import.meta.url)) },
  },
  // No preload helper or dependency lists around `import()`: the parts loaded later fetch their own
  // imports, and a first visit does not carry those lists (ADR 116).
  build: { target: "es2022", modulePreload: false },
  ssr: {
    // Native and WASM packages stay external so they load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg", "pino"],
  },
});
