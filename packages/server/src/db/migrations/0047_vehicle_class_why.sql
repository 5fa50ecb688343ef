-- locks: parking_records (ACCESS EXCLUSIVE, brief: adds a nullable column)
ALTER TABLE "parking_records" ADD COLUMN "vehicle_class_why" text;