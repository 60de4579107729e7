/**
 * How synthetic member accounts are recognised: by the domain of their e-mail address
 * (`u<n>.s<seed>@synthetic.invalid`). Shared by the community generator (which writes them), the
 * context reader (which finds an earlier run of a seed) and the schema operations (which delete
 * them on `--replace`).
 */

/** Domain of synthetic accounts' e-mail addresses (`.invalid` is reserved: no mail goes out). */
export const SYNTHETIC_EMAIL_DOMAIN = 'synthetic.invalid';

/** SQL condition on `users` (optionally qualified by `alias`) that holds for synthetic accounts. */
export function syntheticUserCondition(alias = ''): string {
  return `${alias ? `${alias}.` : ''}email LIKE '%@${SYNTHETIC_EMAIL_DOMAIN}'`;
}

/** The e-mail address of synthetic account `n` (from 1) of a seed. */
export function syntheticEmail(seed: number, n: number): string {
  return `u${n}.s${seed}@${SYNTHETIC_EMAIL_DOMAIN}`;
}
