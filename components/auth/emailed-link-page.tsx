// The page an emailed link opens (confirm the email, choose a new password): its heading, then
// the form that spends the link's token, or what to do when the link lost its token on the way.
// The token is spent only by the form's POST, so mail scanners that open links never use it.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export type LinkSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The `token` query parameter, first one wins. */
export async function linkToken(searchParams: LinkSearchParams): Promise<string | undefined> {
  const raw = (await searchParams).token;
  return Array.isArray(raw) ? raw[0] : raw;
}

export function EmailedLinkPage({
  title,
  token,
  form,
  missingToken,
}: {
  title: string;
  token: string | undefined;
  form: (token: string) => ReactNode;
  missingToken: ReactNode;
}) {
  const t = useTranslations("auth");
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
      {token ? (
        form(token)
      ) : (
        <p className="text-slate-700">
          {t("missingToken")} {missingToken}
        </p>
      )}
    </>
  );
}
