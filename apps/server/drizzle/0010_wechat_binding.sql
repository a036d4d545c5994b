ALTER TABLE "customers" ADD COLUMN "wechat_openid" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "wechat_nickname" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_wechat_openid_unique" UNIQUE("wechat_openid");