import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** 業種: a catalogue shared by every workspace (seed data, not workspace-scoped). */
export const businessCategories = pgTable("business_categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull(),
});
