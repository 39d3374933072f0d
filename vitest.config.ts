import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contract", "apps/api", "apps/web"],
    // Vitest's default is one worker less than the cores: one on CI's two. The API files wait on PostgreSQL, SMTP
    // and the job queue much of their time, so two keep both cores busy (each file still has its own database).
    maxWorkers: Number(process.env.TASUKI_TEST_WORKERS ?? 2),
  },
});
