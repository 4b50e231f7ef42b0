import { NotFoundView } from "@/components/shop/not-found-view";

// An order link that matches no order: most often a link cut short when it was copied.
export default function OrderNotFound() {
  return (
    <NotFoundView body="This order link does not match any order. Open the link from your order email again, or sign in to see your orders under Account." />
  );
}
