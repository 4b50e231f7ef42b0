import Link from "next/link";
import { getSessionUser } from "@/lib/auth/guards";

// What an admin page answers (with HTTP 403) to a staff role it is not for.
export default async function AdminForbidden() {
  const user = await getSessionUser();
  return (
    <section className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950">
      <h1 className="text-xl font-bold">Not allowed</h1>
      <p className="mt-2">
        {user
          ? `Your role (${user.role}) does not give access to this page.`
          : "Your account does not give access to this page."}{" "}
        If you need it, ask an owner.
      </p>
      <Link href="/admin" className="mt-4 inline-block font-semibold underline">
        Back to the overview
      </Link>
    </section>
  );
}
