"use client";
// What a shopper typed into a server-rendered field before the page hydrated. On a slow phone a
// page is readable, and its fields usable, a while before its scripts have run. Hydration keeps
// such a field's value as the shopper left it but does not report it, so the component's state
// still holds what the server rendered and its next render would put that back, dropping the
// words. Right after hydration (a layout effect: before any later render), every text field in
// `scope` whose value differs from the one rendered is handed to `adopt`, by the field's id.
import { useEffectEvent, useLayoutEffect, type RefObject } from "react";

// Fields a shopper types into (a range or colour input reads a value nobody typed).
const TEXT_FIELDS = [
  "input[id]:not([type])",
  ...["text", "search", "email", "tel", "url", "number"].map((type) => `input[id][type=${type}]`),
  "textarea[id]",
].join(", ");

export function useTypedBeforeHydration(
  scope: RefObject<HTMLElement | null>,
  adopt: (typed: ReadonlyMap<string, string>) => void,
): void {
  const handOver = useEffectEvent(adopt);
  useLayoutEffect(() => {
    const typed = new Map<string, string>();
    // React sets a rendered field's defaultValue to the value it rendered.
    for (const field of scope.current?.querySelectorAll<HTMLInputElement>(TEXT_FIELDS) ?? [])
      if (field.value !== field.defaultValue) typed.set(field.id, field.value);
    if (typed.size > 0) handOver(typed);
  }, [scope]);
}
