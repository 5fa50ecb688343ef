-- locks: group_card_uses (ACCESS EXCLUSIVE, brief: adds a nullable column)
ALTER TABLE "group_card_uses" ADD COLUMN "discount_percent" integer;--> statement-breakpoint
ALTER TABLE "group_card_uses" ADD COLUMN "amount_off" integer;