import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

/** The frame of the login and registration pages: a narrow card with a heading and an intro. */
export async function AccountPage({
  title,
  intro,
  children,
}: {
  title: 'loginTitle' | 'registerTitle';
  intro: 'loginIntro' | 'registerIntro';
  children: ReactNode;
}) {
  const t = await getTranslations('account');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold">{t(title)}</h1>
      <p className="mb-6 mt-2 text-sm text-muted">{t(intro)}</p>
      <div className="rounded-xl border border-line bg-panel p-5">{children}</div>
    </div>
  );
}
