import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-database.ts";

async function parallelWorkersOf(options: { parallelWorkers?: number }): Promise<string> {
  const database = await openTestDatabase(options);
  try {
    const result = (await database.db.execute(sql`show max_parallel_workers_per_gather`)) as unknown as {
      rows: { max_parallel_workers_per_gather: string }[];
    };
    return result.rows[0]!.max_parallel_workers_per_gather;
  } finally {
    await database.close();
  }
}

describe("the API's database connections", () => {
  it("run each query without parallel workers unless told otherwise", async () => {
    expect(await parallelWorkersOf({})).toBe("0");
    expect(await parallelWorkersOf({ parallelWorkers: 3 })).toBe("3");
  });

  it("leave the server's own setting with -1", async () => {
    // PostgreSQL's default, which the test server keeps.
    expect(await parallelWorkersOf({ parallelWorkers: -1 })).toBe("2");
  });
});
