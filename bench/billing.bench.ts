// Billing (issue 12's closing figures): BENCH_WORKSPACES paying workspaces (standard, monthly, 請求書払い, each
// with its company and 請求先, so every invoice is also mailed) whose period ends at the same moment, written
// straight into the embedded PostgreSQL server; then ONE run of the daily billing job at that moment issues
// their invoices (one transaction per workspace: the gap-free number, the lines, the totals per tax rate, the
// mail job). Reported: the run's time and statements, the numbers checked for gaps and duplicates; then the
// qualified invoice's PDF (pdfkit + embedded Noto Sans JP) rendered for BENCH_PDFS of those invoices: size and
// time per invoice (the first one separately: it reads the fonts).
//
//   npm run bench:billing -w @tasuki/bench
//
// Settings (environment): BENCH_WORKSPACES (1000), BENCH_PDFS (50).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config/config.ts";
import { runWithoutActor } from "../apps/api/src/db/actor.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { companies, invoices, planContracts } from "../apps/api/src/db/schema/billing.ts";
import { workspaces } from "../apps/api/src/db/schema/workspaces.ts";
import { JOBS_SCHEMA } from "../apps/api/src/jobs/pg-boss-jobs.ts";
import { runBillingDay } from "../apps/api/src/modules/billing/billing-daily.job.ts";
import { presentInvoice } from "../apps/api/src/modules/billing/invoice.service.ts";
import { renderInvoicePdf } from "../apps/api/src/modules/billing/invoice-pdf.ts";
import { countQueries } from "../apps/api/test/query-counter.ts";
import { formatTable, round } from "./lib.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = { workspaces: num("BENCH_WORKSPACES", 1000), pdfs: num("BENCH_PDFS", 50) };
// Tuesday 2026-12-01, 00:10 in Tokyo: the daily job's hour on the first day of a period.
const runAt = new Date("2026-11-30T15:10:00Z");
const periodStart = new Date("2026-11-01T00:00:00+09:00");
const periodEnd = new Date("2026-12-01T00:00:00+09:00");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-billing-"));
  const database = await openConfiguredDatabase({ dataDir, onServerLog: () => {} });
  const now = () => runAt;
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" });
  const { app, ctx } = await buildApp({ config, database, now, logger: false });
  // Starts the job queue: every issued invoice enqueues its mail.
  await app.ready();
  try {
    const seeded = performance.now();
    const ids: string[] = [];
    for (let from = 0; from < settings.workspaces; from += 250) {
      const batch = Array.from({ length: Math.min(250, settings.workspaces - from) }, (_, k) => from + k + 1);
      const rows = batch.map((n) => ({ id: uuidv7(), n }));
      ids.push(...rows.map((row) => row.id));
      await ctx.db
        .insert(workspaces)
        .values(rows.map(({ id, n }) => ({ id, name: `請求検証${n}`, code: `bench-bill-${n}` })));
      await ctx.db.insert(companies).values(
        rows.map(({ id, n }) => ({
          workspaceId: id,
          name: `株式会社請求検証${n}`,
          postalCode: "100-0005",
          prefecture: "tokyo",
          city: "千代田区",
          street: "丸の内1-1-1",
          billingContact: {
            name: `株式会社請求検証${n}`,
            department: "経理部",
            contact_name: "佐藤 花子",
            email: `keiri${n}@bench-billing.example`,
            postal_code: "100-0005",
            prefecture: "tokyo",
            city: "千代田区",
            street: "丸の内1-1-1",
            building: "",
          },
        })),
      );
      // Seats vary (1–30) so that the lines and totals differ from one invoice to the next.
      await ctx.db.insert(planContracts).values(
        rows.map(({ id, n }) => ({
          workspaceId: id,
          plan: "standard" as const,
          cycle: "monthly" as const,
          seats: (n % 30) + 1,
          status: "active" as const,
          paymentMethod: "bank_transfer" as const,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
        })),
      );
    }
    const seedMs = performance.now() - seeded;

    let counts: Awaited<ReturnType<typeof runBillingDay>> | undefined;
    const t0 = performance.now();
    const statements = await countQueries(database, async () => {
      counts = await runWithoutActor(() => runBillingDay(ctx));
    });
    const runMs = performance.now() - t0;

    const issued = await ctx.db
      .select({ id: invoices.id, sequence: invoices.sequence, number: invoices.number, total: invoices.total })
      .from(invoices)
      .where(inArray(invoices.workspaceId, ids))
      .orderBy(asc(invoices.sequence));
    const sequences = issued.map((row) => row.sequence);
    const distinct = new Set(sequences).size;
    const gaps = sequences.slice(1).filter((value, i) => value !== sequences[i]! + 1).length;
    const mails = (await ctx.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(JOBS_SCHEMA)}.job where name = 'send-mail' and data->>'to' like '%@bench-billing.example'`,
    )) as unknown as { rows: { n: number }[] };

    // PDFs of the first BENCH_PDFS invoices, one at a time.
    const times: number[] = [];
    const sizes: number[] = [];
    for (const { id } of issued.slice(0, settings.pdfs)) {
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
      const t = performance.now();
      const pdf = await renderInvoicePdf(presentInvoice(ctx, row!));
      times.push(performance.now() - t);
      sizes.push(pdf.length);
    }

    console.log(`seeded ${settings.workspaces} paying workspaces in ${round(seedMs, 0)} ms`);
    console.log(
      formatTable([
        ["one billing-daily run", "value"],
        ["periods renewed", counts?.periodsRenewed ?? 0],
        ["invoices issued", issued.length],
        ["time (ms)", round(runMs, 0)],
        ["per invoice (ms)", round(runMs / Math.max(1, issued.length), 2)],
        ["statements", statements],
        ["numbers", `${issued[0]?.number} … ${issued.at(-1)?.number}`],
        ["gaps", gaps],
        ["duplicates", issued.length - distinct],
        ["mails enqueued", mails.rows[0]?.n ?? "?"],
      ]),
    );
    console.log(
      formatTable([
        ["invoice PDF", "value"],
        ["rendered", times.length],
        ["first (reads the fonts) ms", round(times[0] ?? 0, 0)],
        ["median ms", round(median(times.slice(1)), 1)],
        ["max ms", round(Math.max(...times.slice(1)), 1)],
        ["median size (KB)", round(median(sizes) / 1024, 1)],
        ["max size (KB)", round(Math.max(...sizes) / 1024, 1)],
      ]),
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
