/**
 * The database schema, one file per domain. Column names are snake_case; TypeScript properties
 * are camelCase.
 */
export * from "~/db/schema/auth";
export * from "~/db/schema/profiles";
export * from "~/db/schema/listings";
export * from "~/db/schema/media";
export * from "~/db/schema/favourites";
export * from "~/db/schema/api-keys";
export * from "~/db/schema/blog";
export * from "~/db/schema/contact";
export * from "~/db/schema/newsletter";
export * from "~/db/schema/enquiries";
export * from "~/db/schema/audit";
export * from "~/db/schema/settings";
export * from "~/db/schema/saved-searches";
export * from "~/db/schema/mail";
export * from "~/db/schema/places";
export * from "~/db/schema/billing";
export * from "~/db/schema/billing-sandbox";
export * from "~/db/schema/support";
export * from "~/db/schema/analytics";
export * from "~/db/schema/identity";
export * from "~/db/schema/renter-profiles";
