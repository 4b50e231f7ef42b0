import { ListingSkeleton } from "@/components/shop/listing-skeleton";

export default function Loading() {
  return <ListingSkeleton />;
}
