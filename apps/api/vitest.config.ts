import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "api",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each file opens its own database (PGlite in memory, or a fresh database on the server).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
