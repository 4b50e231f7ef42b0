// Which alerts each owner receives by email: one row per owner and alert they changed; no row
// means the default, on. Only owners receive alerts (and only active accounts).
import "server-only";
import { db } from "@/lib/db";
import { alertKindNames, type AlertKind } from "./kinds";

/** An owner's choices, every kind filled in (default on). */
export async function getAlertChoices(userId: string): Promise<Record<AlertKind, boolean>> {
  const rows = await db.alertSubscription.findMany({ where: { userId } });
  const stored = new Map(rows.map((r) => [r.kind, r.enabled]));
  return Object.fromEntries(alertKindNames.map((k) => [k, stored.get(k) ?? true])) as Record<AlertKind, boolean>;
}

/** Stores an owner's choices for every kind. */
export async function setAlertChoices(userId: string, choices: Record<AlertKind, boolean>): Promise<void> {
  await db.$transaction(
    alertKindNames.map((kind) =>
      db.alertSubscription.upsert({
        where: { userId_kind: { userId, kind } },
        create: { userId, kind, enabled: choices[kind] },
        update: { enabled: choices[kind] },
      }),
    ),
  );
}

/** The owners who receive this alert: active owners who did not turn it off. */
export async function alertRecipients(kind: AlertKind): Promise<{ id: string; email: string }[]> {
  return db.user.findMany({
    where: { role: "owner", disabledAt: null, NOT: { alertChoices: { some: { kind, enabled: false } } } },
    select: { id: true, email: true },
    orderBy: { createdAt: "asc" },
  });
}
