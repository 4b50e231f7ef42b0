"use server";
// The "Find my order" form's action: same answer whether or not an order matched; the link goes
// out after the response, so the answer's timing does not tell either.
import { z } from "zod";
import type { ActionState } from "@/lib/errors";
import { runAfterResponse } from "@/lib/http/after-response";
import { runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { admitFindOrder, findOrderAnswer, sendOrderLinkIfMatch } from "./find-order";
import { log } from "@/lib/log";

/** The form's fields as typed; admitFindOrder checks what they mean. */
const formFields = z.object({ email: z.string().max(1000).catch(""), reference: z.string().max(1000).catch("") });

export async function findOrderAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  const input = { email: formData.get("email") ?? "", reference: formData.get("reference") ?? "" };
  return runAction({ name: "find-order", schema: formFields, input }, async (fields) => {
    const admitted = await admitFindOrder(fields, await requestClientIp());
    if (!admitted.ok) return admitted;
    runAfterResponse(async () => {
      await sendOrderLinkIfMatch(admitted.input).catch((err: unknown) =>
        log.error({ err }, "find-order: could not send the link"),
      );
    });
    return { ok: true, message: findOrderAnswer };
  });
}
