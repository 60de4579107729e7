/**
 * Command-line arguments of the project's scripts, made ready for `util.parseArgs`.
 */
import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Rewrites `--name VALUE` as `--name=VALUE` for the string options in `options`, because
 * `util.parseArgs` refuses a separate value that begins with a dash ("argument is ambiguous"):
 * public ids may (`-p5DPnDNor`), and so may member names and file names. A following token that
 * is itself one of the options (`--user`, `--user=…`, `-h`) or `--` is left alone, so a missing
 * value is still reported as missing.
 * @param argv the arguments after the script's name
 * @returns a new array; `argv` is not changed
 */
export function attachOptionValues(argv: readonly string[], options: Options): string[] {
  const isOption = (token: string) =>
    token === '--' ||
    Object.entries(options).some(
      ([name, o]) => token === `--${name}` || token.startsWith(`--${name}=`) || (o.short && token === `-${o.short}`),
    );
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    const name = token.startsWith('--') ? token.slice(2) : null;
    const next = argv[i + 1];
    if (name && options[name]?.type === 'string' && next !== undefined && !isOption(next)) {
      out.push(`${token}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}
