CREATE TABLE "billing_accounts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"provider_customer_id" text,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_kana" text DEFAULT '' NOT NULL,
	"corporate_number" text,
	"business_category_code" text,
	"employee_size" text,
	"postal_code" text DEFAULT '' NOT NULL,
	"prefecture" text,
	"city" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"billing_contact" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"issuer_key" text PRIMARY KEY NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contract_id" uuid,
	"issuer_key" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"due_date" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotals" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"replaces_invoice_id" uuid,
	"provider_payment_id" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_failure_message" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider_event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"line" jsonb NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"cycle" text DEFAULT 'monthly' NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"payment_method" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"partner_id" uuid,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_cards" ADD CONSTRAINT "credit_cards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_plan_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."plan_contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invoice_lines" ADD CONSTRAINT "pending_invoice_lines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invoice_lines" ADD CONSTRAINT "pending_invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_contracts" ADD CONSTRAINT "plan_contracts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_contracts" ADD CONSTRAINT "plan_contracts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_workspace_key" ON "companies" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_cards_provider_key" ON "credit_cards" USING btree ("workspace_id","provider_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issuer_sequence_key" ON "invoices" USING btree ("issuer_key","sequence");--> statement-breakpoint
CREATE INDEX "invoices_workspace_id_issued_at_index" ON "invoices" USING btree ("workspace_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_status_next_attempt_at_index" ON "invoices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_code_key" ON "partners" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "pending_invoice_lines_workspace_id_index" ON "pending_invoice_lines" USING btree ("workspace_id") WHERE "pending_invoice_lines"."invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_contracts_current_key" ON "plan_contracts" USING btree ("workspace_id") WHERE "plan_contracts"."status" in ('trial', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "plan_contracts_scheduled_key" ON "plan_contracts" USING btree ("workspace_id") WHERE "plan_contracts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "plan_contracts_status_current_period_end_index" ON "plan_contracts" USING btree ("status","current_period_end");--> statement-breakpoint
-- Every change of a contract, card, invoice, company or billing standing is in the workspace's audit log.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON plan_contracts FOR EACH ROW EXECUTE FUNCTION tasuki_audit('plan_contract');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON credit_cards FOR EACH ROW EXECUTE FUNCTION tasuki_audit('credit_card');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION tasuki_audit('invoice');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION tasuki_audit('company');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON billing_accounts FOR EACH ROW EXECUTE FUNCTION tasuki_audit('billing_account');
--> statement-breakpoint
SELECT tasuki_track_events('companies', 'company');
--> statement-breakpoint
SELECT tasuki_track_events('plan_contracts', 'workspace', 'part', 'workspace_id');
--> statement-breakpoint
SELECT tasuki_track_events('billing_accounts', 'workspace', 'part', 'workspace_id', 'workspace_id');
--> statement-breakpoint
-- Seeded partners (an operator command adds more: npm run billing -- add-partner).
INSERT INTO partners (id, code, name, discount_percent) VALUES
  ('0190a000-0000-7000-8000-000000000001', 'SAKURA-DX', '株式会社さくらDXパートナーズ', 10),
  ('0190a000-0000-7000-8000-000000000002', 'KANSAI-IT', '関西ITコンサルティング合同会社', 5);
--> statement-breakpoint
-- Workspaces made before billing existed start their 30-day premium trial now.
INSERT INTO plan_contracts (id, workspace_id, plan, cycle, seats, status, current_period_start, current_period_end)
SELECT gen_random_uuid(), w.id, 'premium', 'monthly',
       greatest(1, (SELECT count(*) FROM workspace_users u WHERE u.workspace_id = w.id AND u.status = 'active' AND u.deleted_at IS NULL)),
       'trial', now(), now() + interval '30 days'
FROM workspaces w;
--> statement-breakpoint
INSERT INTO billing_accounts (workspace_id) SELECT id FROM workspaces;
