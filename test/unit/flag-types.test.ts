import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineCommand, type CommandOptions, type FlagOptions, type FlagSpec, type FlagsNotInferred } from '../../src/cli/command.js';
import { oneOf } from '../../src/cli/parse.js';

/*
 * A command's options are typed from its flag strings (src/cli/command.ts): these checks run
 * in `tsc -p tsconfig.test.json`; vitest runs the bodies, which only define commands.
 */

const toNumber = (raw: string): number => Number(raw);
const KINDS = ['a', 'b'] as const;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a value for its type
const FLAGS = [
  { flags: '--description <text>', description: 'a value' },
  { flags: '--page-size <n>', description: 'parsed', parse: toNumber },
  { flags: '-a, --all', description: 'no value' },
  { flags: '--no-wait', description: 'negated' },
  { flags: '--kind <kind>', description: 'choices', choices: KINDS },
  { flags: '--type <type>', description: 'choices with a default', choices: KINDS, default: 'a' },
  { flags: '--tag [name]', description: 'optional value' },
  { flags: '--map <pair...>', description: 'variadic' },
  { flags: '--folder <id>', description: 'a value beside its negation' },
  { flags: '--no-folder', description: 'a negation beside a value' },
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

describe('options inferred from flags', () => {
  it('types each option as commander fills it', () => {
    expectTypeOf<Options['description']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Options['pageSize']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Options['all']>().toEqualTypeOf<boolean | undefined>();
    // commander sets a lone --no-x's option to true, so it is always there.
    expectTypeOf<Options['wait']>().toEqualTypeOf<boolean>();
    expectTypeOf<Options>().toHaveProperty('wait');
    expectTypeOf<Options['kind']>().toEqualTypeOf<'a' | 'b' | undefined>();
    // A default makes the option present.
    expectTypeOf<Options['type']>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<Options['tag']>().toEqualTypeOf<string | true | undefined>();
    expectTypeOf<Options['map']>().toEqualTypeOf<string[] | undefined>();
    // Beside --folder, --no-folder gives false and commander sets no default.
    expectTypeOf<Options['folder']>().toEqualTypeOf<string | false | undefined>();
  });

  it('types run() from the flags defineCommand is given, and refuses a misspelled option', () => {
    const command = defineCommand({
      flags: [
        { flags: '--limit <n>', description: 'parsed', parse: toNumber },
        { flags: '--dry-run', description: 'no value' },
        { flags: '--no-header', description: 'negated' },
      ],
      examples: [],
      async run(opts) {
        expectTypeOf(opts.limit).toEqualTypeOf<number | undefined>();
        expectTypeOf(opts.dryRun).toEqualTypeOf<boolean | undefined>();
        expectTypeOf(opts.header).toEqualTypeOf<boolean>();
        expectTypeOf(opts.args).toEqualTypeOf<string[]>();
        // @ts-expect-error: no flag gives "dryrun" (it is dryRun)
        void opts.dryrun;
        // @ts-expect-error: --no-header's option is header
        void opts.noHeader;
      },
    });
    expectTypeOf<CommandOptions<typeof command>['limit']>().toEqualTypeOf<number | undefined>();
    expect(command.flags).toHaveLength(3);
  });

  it('adds nothing for flags typed only as FlagSpec, and they do not change a --no- flag', () => {
    const loose: FlagSpec = { flags: '--x <v>', description: 'x' };
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a value for its type
    const flags = [loose, { flags: '--no-check', description: 'negated' }] as const satisfies readonly FlagSpec[];
    expectTypeOf<FlagOptions<typeof flags>>().toEqualTypeOf<{ check: boolean }>();
  });

  it('names the fix when TypeScript cannot infer the flags (a generic call beside an untyped run)', () => {
    defineCommand({
      flags: [{ flags: '--kind <kind>', description: 'x', parse: oneOf('--kind', KINDS) }],
      examples: [],
      async run(opts) {
        expectTypeOf(opts).toEqualTypeOf<FlagsNotInferred & { args: string[] }>();
      },
    });
    const FLAGS_ABOVE = [
      { flags: '--kind <kind>', description: 'x', parse: oneOf('--kind', KINDS) },
    ] as const satisfies readonly FlagSpec[];
    defineCommand({
      flags: FLAGS_ABOVE,
      examples: [],
      async run(opts) {
        expectTypeOf(opts.kind).toEqualTypeOf<'a' | 'b' | undefined>();
      },
    });
  });

  it('is how every command gets its options: none writes them by hand', () => {
    const dir = path.resolve(import.meta.dirname, '..', '..', 'src', 'commands');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.ts'));
    const byHand = files.filter((f) => /defineCommand<|interface Options\b/.test(readFileSync(path.join(f.parentPath, f.name), 'utf8')));
    expect(byHand.map((f) => f.name)).toEqual([]);
  });
});
