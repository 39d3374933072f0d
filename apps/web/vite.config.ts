import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";

// The API serves the built app on the same origin in production; in development the same paths are
// forwarded to it so the browser never needs CORS.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;
const proxy: Record<string, ProxyOptions> = {
  "/app/": { target: apiTarget, changeOrigin: false, ws: true },
  "/dev/": { target: apiTarget, changeOrigin: false },
  "/healthz": { target: apiTarget, changeOrigin: false },
  "/readyz": { target: apiTarget, changeOrigin: false },
};

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, style sheet and SVG of the build: the API
 * serves them (@fastify/static `preCompressed`) to browsers that accept them, at build time's best compression
 * and without compressing anything per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "tasuki-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const dir = path.join(outDir, "assets");
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(dir, name);
        const raw = readFileSync(file);
        // Below ~1 KiB the headers cost more than compression saves.
        if (raw.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are transformed first.
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/route-tree.gen.ts",
      quoteStyle: "double",
      autoCodeSplitting: true,
    }),
    react(),
    precompress(),
  ],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy },
  build: {
    outDir: "dist",
    sourcemap: "hidden",
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Left to itself the bundler cuts a chunk for every set of routes that share a module: /task/me loaded
        // 133 files, many under 1 KiB, and compressing each alone cost ~10 % (bench/README.md, bench:web-size).
        codeSplitting: {
          groups: [
            // Everything index.html needs, in one file.
            { name: "index", tags: ["$initial"], priority: 2 },
            // What most pages share (MUI's inputs, menus and dialogs, the query hooks…), in one file cached once.
            { name: "common", minShareCount: 15, priority: 1 },
          ],
        },
      },
    },
  },
});
