-- Tokens made before expiry existed get the default lifetime (90 days) from now.
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone NOT NULL DEFAULT (now() + interval '90 days');--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" DROP DEFAULT;
