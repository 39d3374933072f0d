import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

// The API serves the built app on the same origin in production; in development the same paths are
// forwarded to it so the browser never needs CORS.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;
const proxy: Record<string, ProxyOptions> = {
  "/app/": { target: apiTarget, changeOrigin: false, ws: true },
  "/dev/": { target: apiTarget, changeOrigin: false },
  "/healthz": { target: apiTarget, changeOrigin: false },
  "/readyz": { target: apiTarget, changeOrigin: false },
};

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
  ],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy },
  build: { outDir: "dist", sourcemap: "hidden", chunkSizeWarningLimit: 1200 },
});
