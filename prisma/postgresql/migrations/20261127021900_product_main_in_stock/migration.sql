-- Main's own stock, kept apart from the stock the shop shows (which, with several suppliers, is
-- read from every supplier's offers). Until now they were one column: copy it.
ALTER TABLE "Product" ADD COLUMN "mainInStock" BOOLEAN NOT NULL DEFAULT true;
UPDATE "Product" SET "mainInStock" = "inStock";
