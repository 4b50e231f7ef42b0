// One alert's incident, moved by each evaluation: ok → firing (a new incident, a notice due),
// firing → firing (a reminder due every repeatMs), firing → ok (a "cleared" notice due, if the
// incident was announced). Every move is conditional on the row's version, so instances that
// evaluate at the same moment move it once; sending what is due is notify.ts's job.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { alertKinds, type AlertEvaluation, type AlertKind } from "./kinds";

export type AlertStateRow = NonNullable<Awaited<ReturnType<typeof db.alertState.findUnique>>>;

export async function ensureAlertState(kind: AlertKind): Promise<AlertStateRow> {
  const row = await db.alertState.findUnique({ where: { kind } });
  if (row) return row;
  try {
    return await db.alertState.create({ data: { kind } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")
      return db.alertState.findUniqueOrThrow({ where: { kind } });
    throw err;
  }
}

type Change = Prisma.AlertStateUpdateManyMutationInput;

/** The change an evaluation makes to the state (pure): null when nothing changes. */
export function nextAlertState(s: AlertStateRow, ev: AlertEvaluation, now: Date): Change | null {
  const repeatMs = alertKinds[s.kind as AlertKind].repeatMs;
  const words = { summary: ev.summary, details: JSON.stringify(ev.details) };
  if (s.status !== "firing") {
    if (!ev.active) return null;
    return {
      status: "firing",
      incident: s.incident + 1,
      firedAt: now,
      clearedAt: null,
      notices: 0,
      noticeDue: "firing",
      nextNoticeAt: new Date(now.getTime() + repeatMs),
      ...words,
    };
  }
  if (!ev.active) {
    // Nothing was sent for this incident: there is nothing to call cleared either.
    return { status: "ok", clearedAt: now, noticeDue: s.notices > 0 ? "cleared" : null, nextNoticeAt: null };
  }
  if (s.nextNoticeAt && now >= s.nextNoticeAt)
    return { noticeDue: "firing", nextNoticeAt: new Date(now.getTime() + repeatMs), ...words };
  return s.summary === words.summary && s.details === words.details ? null : words;
}

/** Applies one evaluation; retried when another instance moved the alert first. */
export async function advanceAlert(kind: AlertKind, ev: AlertEvaluation, now: Date): Promise<AlertStateRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const s = await ensureAlertState(kind);
    const change = nextAlertState(s, ev, now);
    if (!change) return s;
    const { count } = await db.alertState.updateMany({
      where: { kind, version: s.version },
      data: { ...change, version: { increment: 1 } },
    });
    if (count === 1) return db.alertState.findUniqueOrThrow({ where: { kind } });
  }
  return ensureAlertState(kind);
}
