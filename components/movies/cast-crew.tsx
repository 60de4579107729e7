import { getTranslations } from 'next-intl/server';
import type { CreditDto } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';
import { CREDIT_ROLES, type CreditRole } from '@/lib/validation/enums';

/** Display order of the roles: director first, cast after the writers. */
const ROLE_ORDER: CreditRole[] = [
  'director',
  'writer',
  'producer',
  'actor',
  'composer',
  'cinematography',
  'editor',
  'visual_effects',
  'makeup_effects',
];

/**
 * Cast and crew grouped by role (directors, writers, producers, cast with character names, …),
 * each person linking to /person/{id}. `limitActors` shortens the cast list (overview page).
 * `headingLevel`: the level of the role headings, one below the heading the list sits under
 * (3 under the overview's "Cast and crew" section, 2 on the cast and crew tab itself).
 */
export async function CastCrew({
  credits,
  locale,
  limitActors,
  headingLevel = 3,
}: {
  credits: CreditDto[];
  locale: string;
  limitActors?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const te = await getTranslations({ locale, namespace: 'enums' });
  const t = await getTranslations({ locale, namespace: 'movies' });
  const roles = [...ROLE_ORDER, ...CREDIT_ROLES.filter((r) => !ROLE_ORDER.includes(r))];
  const groups = roles
    .map((role) => ({ role, credits: credits.filter((c) => c.role === role) }))
    .filter((g) => g.credits.length > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="cast-crew">
      {groups.map((g) => {
        const shown = g.role === 'actor' && limitActors ? g.credits.slice(0, limitActors) : g.credits;
        return (
          <section key={g.role} data-role={g.role} className={g.role === 'actor' ? 'sm:col-span-2' : undefined}>
            <Heading className="mb-1 font-semibold">{te(`rolesPlural.${g.role}`)}</Heading>
            <ul className={g.role === 'actor' ? 'grid gap-x-4 gap-y-0.5 sm:grid-cols-2' : 'space-y-0.5'}>
              {shown.map((c, i) => (
                <li key={`${c.person.public_id}-${i}`}>
                  <Link
                    href={`/person/${c.person.public_id}`}
                    prefetch={false}
                    className="underline decoration-line hover:text-accent-strong"
                  >
                    {c.person.name}
                  </Link>
                  {c.character ? (
                    <span className="text-muted"> {t('asCharacter', { character: c.character })}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
