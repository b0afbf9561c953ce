-- Phone numbers are stored in E.164 from now on (contract phone.ts). Numbers stored before were the
-- spec's mainland mobiles, 11 digits from 1: they become +86…, and so do the texts still on their way.
UPDATE "users" SET "mobile" = '+86' || "mobile", "updated_at" = now() WHERE "mobile" ~ '^1[3-9][0-9]{9}$';--> statement-breakpoint
UPDATE "notice_deliveries" SET "target" = '+86' || "target" WHERE "channel" = 'sms' AND "target" ~ '^1[3-9][0-9]{9}$';
