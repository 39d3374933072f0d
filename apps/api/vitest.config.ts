import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "api",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One PostgreSQL server per run (the embedded one, or TEST_DATABASE_URL's) with a migrated template; each
    // file opens its own copy of it (test/test-database.ts).
    globalSetup: ["test/global-setup.ts"],
    // Files share their worker's module graph instead of importing the whole app again per file (about a third of
    // the suite's time went to imports). Each file still opens its own database and app (test/test-app.ts), and no
    // module keeps state between apps.
    isolate: false,
    // Generous: the suite must pass on a loaded 2-core machine (CI shares it); a hung test still ends.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
