"use server";
// The "Find my order" form's action: same answer whether or not an order matched; the link goes
// out after the response, so the answer's timing does not tell either.
import { after } from "next/server";
import { headers } from "next/headers";
import type { ActionState } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { admitFindOrder, findOrderAnswer, sendOrderLinkIfMatch } from "./find-order";
import { log } from "@/lib/log";

export async function findOrderAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  const admitted = await admitFindOrder(
    { email: formData.get("email") ?? "", reference: formData.get("reference") ?? "" },
    clientIp(await headers()),
  );
  if (!admitted.ok) return admitted;
  after(() => sendOrderLinkIfMatch(admitted.input).catch(() => log.error("find-order: could not send the link")));
  return { ok: true, message: findOrderAnswer };
}
