import pg from "pg";
import type { Database } from "../src/db/client.ts";

/**
 * Counts the statements a call sends to the database, at the driver rather than at drizzle (a prepared
 * statement or a raw `execute` never passes through `db.select`): every `query` of a node-postgres client
 * (pooled connections, transactions and prepared statements alike). The job queue's own statements
 * (schema `pgboss`, on its own pool) are not the call's and are left out.
 */
export async function countQueries(_database: Database, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counted = (text: unknown) => {
    const sql = typeof text === "string" ? text : ((text as { text?: string } | null)?.text ?? "");
    if (!sql.includes("pgboss")) count++;
  };
  const restore: (() => void)[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: the drivers' query overloads are wrapped as they are.
  type AnyQuery = (...args: any[]) => any;
  const wrap = <T extends object, K extends keyof T>(target: T, key: K) => {
    const original = target[key] as unknown as AnyQuery;
    (target as Record<K, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
      counted(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => {
      (target as Record<K, unknown>)[key] = original;
    });
  };
  wrap(pg.Client.prototype, "query");
  try {
    await run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return count;
}
