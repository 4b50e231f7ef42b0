-- Offers the owner placed by hand (linked or unlinked) are kept where they are by the sync, and
-- a product records whose catalog row it is: main's, or another supplier's that alone sold it.
ALTER TABLE "Offer" ADD COLUMN "byHand" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Product" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'main';
CREATE INDEX "Product_source_listed_idx" ON "Product"("source", "listed");
