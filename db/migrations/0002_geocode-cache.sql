CREATE TABLE "geocode_cache" (
	"address" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"precision" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_lat_range" CHECK ("geocode_cache"."lat" between -90 and 90),
	CONSTRAINT "geocode_cache_lng_range" CHECK ("geocode_cache"."lng" between -180 and 180),
	CONSTRAINT "geocode_cache_precision" CHECK ("geocode_cache"."precision" in ('address', 'suburb'))
);
