// Shared admin building blocks (part B imports these too).
export { AdminPageHeader } from "./admin-page-header";
export { AdminNav, adminNavItems } from "@/components/admin/admin-nav";
export { DataTable, type Column } from "@/components/admin/data-table";
export { Pager } from "@/components/admin/pager";
export { SignOutButton } from "@/components/admin/sign-out-button";
