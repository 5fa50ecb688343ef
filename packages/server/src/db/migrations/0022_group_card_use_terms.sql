ALTER TABLE "group_card_uses" ADD COLUMN "discount_percent" integer;--> statement-breakpoint
ALTER TABLE "group_card_uses" ADD COLUMN "amount_off" integer;