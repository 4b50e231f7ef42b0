"use client";
// Ends the next-auth session (clears the cookie) and returns to the sign-in page.
import { signOut } from "next-auth/react";

export function SignOutButton({ className = "", label = "Sign out" }: { className?: string; label?: string }) {
  return (
    <button
      type="button"
      onClick={() => void signOut({ callbackUrl: "/sign-in" })}
      className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 ${className}`}
    >
      {label}
    </button>
  );
}
