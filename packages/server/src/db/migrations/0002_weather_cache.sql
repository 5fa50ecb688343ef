-- locks: none (new tables and functions only)
CREATE TABLE "weather_cache" (
	"location" text NOT NULL,
	"day" text NOT NULL,
	"info" text NOT NULL,
	"temperature" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_cache_location_day_pk" PRIMARY KEY("location","day")
);
