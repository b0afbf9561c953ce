ALTER TABLE "merchants" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "share_title_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_packages" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "address_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "display_name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "introduction_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_default_locale_check" CHECK ("merchants"."default_locale" in ('en', 'zh-Hans', 'zh-Hant'));--> statement-breakpoint
-- Existing texts were written in English, the default language every studio has until staff change it:
-- record them as its value, so the per-locale values staff edit from are complete.
UPDATE "merchants" SET "name_i18n" = jsonb_build_object('en', "name") WHERE "name" <> '';--> statement-breakpoint
UPDATE "merchants" SET "description_i18n" = jsonb_build_object('en', "description") WHERE "description" <> '';--> statement-breakpoint
UPDATE "merchants" SET "address_i18n" = jsonb_build_object('en', "address") WHERE "address" <> '';--> statement-breakpoint
UPDATE "merchants" SET "share_title_i18n" = jsonb_build_object('en', "share_title") WHERE "share_title" <> '';--> statement-breakpoint
UPDATE "member_packages" SET "name_i18n" = jsonb_build_object('en', "name") WHERE "name" <> '';--> statement-breakpoint
UPDATE "courses" SET "name_i18n" = jsonb_build_object('en', "name") WHERE "name" <> '';--> statement-breakpoint
UPDATE "courses" SET "description_i18n" = jsonb_build_object('en', "description") WHERE "description" <> '';--> statement-breakpoint
UPDATE "rooms" SET "name_i18n" = jsonb_build_object('en', "name") WHERE "name" <> '';--> statement-breakpoint
UPDATE "rooms" SET "address_i18n" = jsonb_build_object('en', "address") WHERE "address" <> '';--> statement-breakpoint
UPDATE "teacher_profiles" SET "display_name_i18n" = jsonb_build_object('en', "display_name") WHERE "display_name" <> '';--> statement-breakpoint
UPDATE "teacher_profiles" SET "introduction_i18n" = jsonb_build_object('en', "introduction") WHERE "introduction" <> '';
