/**
 * Operator commands for billing (docs/operations.md):
 *   npm run billing -- mark-paid TSK-000012        a bank transfer was received
 *   npm run billing -- add-partner CODE 名称 10     a partner whose code gives 10% off
 * They open the database the server uses (DATABASE_URL, or the embedded server of DATA_DIR while the API is stopped).
 */
import { loadConfig } from "../config/config.ts";
import { openConfiguredDatabase } from "../db/open-configured.ts";
import { insertPartner } from "../modules/billing/billing-profile.repository.ts";
import { findInvoicesByNumber } from "../modules/billing/invoice.repository.ts";
import { markInvoicePaid } from "../modules/billing/payment.service.ts";

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const config = loadConfig();
  const database = await openConfiguredDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const ctx = { db: database.db, now: () => new Date() };
  try {
    if (command === "mark-paid" && rest[0]) {
      const found = await findInvoicesByNumber(ctx.db, rest[0]);
      if (found.length !== 1) {
        console.error(`no single invoice numbered ${rest[0]} (found ${found.length})`);
        return 1;
      }
      const invoice = found[0]!;
      const changed = await markInvoicePaid(ctx, invoice.workspaceId, invoice.id, null);
      console.log(
        changed ? `${invoice.number}: paid (¥${invoice.total})` : `${invoice.number}: was not open (${invoice.status})`,
      );
      return 0;
    }
    if (command === "add-partner" && rest[0] && rest[1]) {
      const discount = Number(rest[2] ?? 0);
      if (!Number.isInteger(discount) || discount < 0 || discount > 100) {
        console.error("the discount is a whole percentage from 0 to 100");
        return 1;
      }
      const partner = await insertPartner(ctx.db, {
        code: rest[0].toUpperCase(),
        name: rest[1],
        discountPercent: discount,
      });
      console.log(`partner ${partner.code} (${partner.name}): ${partner.discountPercent}% off`);
      return 0;
    }
    console.error("usage: billing mark-paid <invoice number> | billing add-partner <code> <name> [discount %]");
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
