-- locks: none (new tables and functions only)
-- The sandbox provider's refunds: one row per merchant refund number, as a provider keeps them on its
-- own servers. Not a tenant table, like sandbox_cashier_orders.
CREATE TABLE "sandbox_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"gateway_order_no" text NOT NULL,
	"provider_refund_no" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_gateway_order_no_sandbox_cashier_orders_gateway_order_no_fk" FOREIGN KEY ("gateway_order_no") REFERENCES "public"."sandbox_cashier_orders"("gateway_order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_order" ON "sandbox_refunds" USING btree ("gateway_order_no");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_refunded_at" ON "sandbox_refunds" USING btree ("refunded_at");
