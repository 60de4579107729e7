import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { attachOptionValues } from '@/scripts/cli-args';

const options = {
  user: { type: 'string' },
  collection: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parse = (argv: string[]) =>
  parseArgs({ args: attachOptionValues(argv, options), options, allowPositionals: true, strict: true });

describe('attachOptionValues', () => {
  it('lets a value that begins with a dash through, which util.parseArgs alone refuses', () => {
    const argv = ['--user', '-Jussi-', '--collection', '-p5DPnDNor', 'shelf.csv'];
    expect(() => parseArgs({ args: argv, options, allowPositionals: true, strict: true })).toThrow(/ambiguous/);
    expect(attachOptionValues(argv, options)).toEqual(['--user=-Jussi-', '--collection=-p5DPnDNor', 'shelf.csv']);
    expect(parse(argv)).toMatchObject({
      values: { user: '-Jussi-', collection: '-p5DPnDNor' },
      positionals: ['shelf.csv'],
    });
  });

  it('leaves boolean options, the = form, positionals and the input array alone', () => {
    const argv = ['-h', '--user=Anna', 'file.csv', '--help'];
    expect(attachOptionValues(argv, options)).toEqual(argv);
    expect(attachOptionValues(argv, options)).not.toBe(argv);
  });

  it('still reports a missing value: the next option or `--` is not taken as the value', () => {
    expect(attachOptionValues(['--collection', '--user', 'Anna'], options)).toEqual(['--collection', '--user=Anna']);
    expect(() => parse(['--collection', '--user', 'Anna'])).toThrow(/--collection/);
    expect(attachOptionValues(['--collection', '-h'], options)).toEqual(['--collection', '-h']);
    expect(attachOptionValues(['--user', '--', 'x'], options)).toEqual(['--user', '--', 'x']);
    expect(() => parse(['--user'])).toThrow(/--user/);
  });
});
