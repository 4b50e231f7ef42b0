"use client";
// The admin's side navigation; marks the current section for sighted and screen-reader users.
import Link from "next/link";
import { usePathname } from "next/navigation";

export const adminNavItems = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/catalog", label: "Catalog" },
  { href: "/admin/pricing", label: "Pricing" },
  { href: "/admin/markets", label: "Markets" },
  { href: "/admin/search-synonyms", label: "Search synonyms" },
  { href: "/admin/promos", label: "Promo codes" },
  { href: "/admin/rates", label: "Exchange rates" },
  { href: "/admin/suppliers", label: "Suppliers" },
  { href: "/admin/sync", label: "Sync" },
  { href: "/admin/webhooks", label: "Webhooks" },
  { href: "/admin/risk", label: "Risk" },
  { href: "/admin/audit", label: "Audit" },
  { href: "/admin/pages", label: "Pages" },
  { href: "/admin/settings", label: "Settings" },
  { href: "/admin/staff", label: "Staff" },
  { href: "/admin/outbox", label: "Outbox" },
  { href: "/admin/security", label: "Your security" },
] as const;

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {adminNavItems.map((item) => {
          const active = item.href === "/admin" ? pathname === "/admin" : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
