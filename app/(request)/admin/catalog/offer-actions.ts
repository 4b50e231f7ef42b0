"use server";
// The owner's offer links (owner permission, strict schema, conditional write and audit are in
// lib/admin/catalog/offer-links.ts).
import { revalidatePath } from "next/cache";
import { linkOffer, unlinkOffer } from "@/lib/admin/catalog/offer-links";
import type { ActionState } from "@/lib/errors";

const done = (result: ActionState) => {
  if (result.ok) revalidatePath("/admin/catalog", "layout");
  return result;
};

/** Links another supplier's offer into a product. */
export async function linkOfferAction(input: unknown): Promise<ActionState> {
  return done(await linkOffer(input));
}

/** Unlinks an offer into a product of its own. */
export async function unlinkOfferAction(input: unknown): Promise<ActionState> {
  return done(await unlinkOffer(input));
}
