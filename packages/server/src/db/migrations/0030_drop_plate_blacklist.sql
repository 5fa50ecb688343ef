-- locks: none on a big table (small tables only: plate_blacklist)
DROP TABLE "plate_blacklist" CASCADE;