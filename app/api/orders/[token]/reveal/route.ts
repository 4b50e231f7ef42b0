// POST /api/orders/[token]/reveal — returns the order's codes to the link holder; audited.
// A signed-in staff member opening a link reveals as themselves (timeline and audit log say
// who), and only with a role that may reveal codes.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { can, getSessionUser } from "@/lib/auth/guards";
import { isStaffRole } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { handleJson } from "@/lib/http/route";
import { revealCodes } from "@/lib/orders/view/reveal-codes";

const revealSchema = z.object({ lineId: z.string().max(40).optional() }).strict();

// An empty body reveals every line; a body must be JSON (a cross-site form cannot send it).
export const POST = handleJson(
  revealSchema,
  async (input, _req, ctx: { params: Promise<{ token: string }> }) => {
    const { token } = await ctx.params;
    const viewer = await getSessionUser();
    const staff =
      viewer && isStaffRole(viewer.role) ? { id: viewer.id, email: viewer.email, role: viewer.role } : undefined;
    if (staff && !can(staff, "codes.reveal")) {
      throw new AppError("forbidden", {
        userMessage: `Your staff role (${staff.role}) may not reveal codes. Sign out to open the order as its buyer would.`,
      });
    }
    const lines = await revealCodes(token, input.lineId, new Date(), staff);
    if (lines === null) throw new AppError("not_found");
    if (staff && lines.length > 0) {
      await recordAudit({
        actor: staff,
        action: "codes.reveal_link",
        targetType: "order",
        targetId: lines[0].orderId,
        after: { lines: lines.map((l) => ({ lineId: l.lineId, count: l.codes.length })) },
      });
    }
    return Response.json(
      { lines: lines.map(({ orderId: _orderId, ...l }) => l) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
  { optional: true, limit: 1024 },
);
