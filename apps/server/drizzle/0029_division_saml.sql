ALTER TABLE "division_sso" ALTER COLUMN "issuer" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "division_sso" ALTER COLUMN "client_id" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "division_sso" ALTER COLUMN "client_secret_encrypted" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "division_sso" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "division_sso" ADD COLUMN "saml_idp_entity_id" text;--> statement-breakpoint
ALTER TABLE "division_sso" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "division_sso" ADD COLUMN "saml_idp_certs" text[];--> statement-breakpoint
ALTER TABLE "division_sso" ADD COLUMN "saml_metadata_url" text;