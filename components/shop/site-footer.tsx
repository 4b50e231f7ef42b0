import Link from "next/link";
import { cacheLife, cacheTag } from "next/cache";
import { yearTag } from "@/lib/catalog/cache/page-tag-names";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";
import { useTranslations } from "next-intl";

type FooterLink = { href: string; label: string };

// Footer: the shop's own pages (owner-edited), Find my order, and what stock and prices mean.
// Its links keep the page's market prefix (docs/markets.md#urls).
export function SiteFooter({
  shopName,
  links,
  prefix = "",
}: {
  shopName: string;
  links: FooterLink[];
  prefix?: string;
}) {
  const t = useTranslations("footer");
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 text-sm text-slate-600">
        <nav aria-label={t("nav")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {[{ href: "/orders/find", label: t("findOrder") }, ...links].map((l) => (
              <li key={l.href}>
                <Link
                  href={pathUnderPrefix(prefix, l.href)}
                  className="font-medium text-slate-800 underline-offset-2 hover:underline"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t("stockNote")}</p>
        <p>
          © <CopyrightYear /> {shopName}
        </p>
      </div>
    </footer>
  );
}

/**
 * The year, cached with the pages it is on, so reading the clock is not per request; each
 * instance drops it and its pages when the new year begins (lib/catalog/cache/time-boundaries.ts).
 */
async function CopyrightYear() {
  "use cache";
  cacheLife("days");
  cacheTag(yearTag);
  return <>{new Date().getFullYear()}</>;
}
