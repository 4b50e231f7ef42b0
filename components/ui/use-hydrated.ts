"use client";
// True once the page has hydrated (false while the server renders and during hydration), so a
// control that needs JavaScript can stay disabled until it works.
import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
