// A stored code (or nothing) as the edit form's draft: dates as UTC datetime-local values.
import type { PromoView } from "@/lib/admin/promos/list-promos";
import type { PromoDraft } from "./promo-form";

const local = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : "");

export function draftOf(p: PromoView | null): PromoDraft {
  if (!p)
    return {
      code: "",
      description: "",
      kind: "percent",
      value: "10",
      scope: "all",
      scopeKeys: "",
      startsAt: "",
      endsAt: "",
      maxUses: "",
      maxUsesPerShopper: "1",
      active: true,
    };
  return {
    id: p.id,
    code: p.code,
    description: p.description,
    kind: p.kind,
    value: p.value,
    scope: p.scope,
    scopeKeys: p.scopeKeys.join(", "),
    startsAt: local(p.startsAt),
    endsAt: local(p.endsAt),
    maxUses: p.maxUses === null ? "" : String(p.maxUses),
    maxUsesPerShopper: p.maxUsesPerShopper === null ? "" : String(p.maxUsesPerShopper),
    active: p.active,
  };
}
