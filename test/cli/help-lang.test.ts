// The command line's own text in the dealer's language: the help (the list of commands, a
// command's help, the options and exit codes) and usage errors, from --lang, else LC_ALL /
// LC_MESSAGES / LANG — before any data folder is read. A child process per command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { cli, tempDataDir } from './helpers';

const C = { LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };
const PT = { ...C, LANG: 'pt_BR.UTF-8' };

let data: { dir: string; cleanup(): void };
beforeAll(() => {
  data = tempDataDir();
});
afterAll(() => data.cleanup());

/** A command on an empty temp data folder, with only the locale the test gives. */
const run = (args: string[], env: Record<string, string | undefined>) => cli([...args, '--data-dir', data.dir], { env: { ...env, SHOWROOM_TOKEN: undefined } });

describe('the help in the dealer’s language', () => {
  it('showroom --help: Portuguese from LANG=pt_BR and from --lang pt-BR, English from LANG=C and from --lang en over LANG=pt_BR', async () => {
    const [fromLang, fromOption, english, forcedEn] = await Promise.all([
      cli(['--help'], { env: PT }),
      cli(['--help', '--lang', 'pt-BR'], { env: C }),
      cli(['--help'], { env: C }),
      cli(['--lang', 'en', '--help'], { env: PT }),
    ]);
    for (const r of [fromLang, fromOption, english, forcedEn]) expect(r.code, r.stderr).toBe(0);
    for (const pt of [fromLang, fromOption]) {
      expect(pt.stdout).toContain('Uso: showroom <comando> [opções]');
      expect(pt.stdout).toContain('\nComandos:\n');
      expect(pt.stdout).toContain(`  sync             ${ptBR.codes.cliHelp.syncSummary}\n`);
      expect(pt.stdout).toContain(`  accounts add     ${ptBR.codes.cliHelp.accountsAddSummary}\n`);
      expect(pt.stdout).toContain(ptBR.codes.cliHelp.options);
      expect(pt.stdout).toMatch(/Códigos de saída:[\s\S]*2 {2}uso incorreto[\s\S]*8 {2}cancelado/);
      expect(pt.stdout).not.toContain('Usage:');
      expect(pt.stdout).not.toContain(en.codes.cliHelp.syncSummary);
    }
    for (const r of [english, forcedEn]) {
      expect(r.stdout).toContain('Usage: showroom <command> [options]');
      expect(r.stdout).toContain(`  sync             ${en.codes.cliHelp.syncSummary}\n`);
      expect(r.stdout).toMatch(/Exit codes:[\s\S]*2 {2}bad usage/);
      expect(r.stdout).not.toContain('Comandos:');
    }
  });

  it('a command’s help: its summary and help text in Portuguese, option names and the usage line as typed', async () => {
    const [pt, ptOption, english] = await Promise.all([
      cli(['export', '--help'], { env: PT }),
      cli(['cache', 'rebuild', '--help', '--lang', 'pt-BR'], { env: C }),
      cli(['export', '--help'], { env: C }),
    ]);
    expect(pt.code).toBe(0);
    expect(pt.stdout).toMatch(/^Uso: showroom export --format csv\|xlsx --out FILE \[--lang en\|pt-BR\]/);
    expect(pt.stdout).toContain(`${ptBR.codes.cliHelp.exportSummary}.`);
    expect(pt.stdout).toContain(ptBR.codes.cliHelp.exportHelp);
    // The search flags' paragraph follows, with the sort fields filled in.
    expect(pt.stdout).toMatch(/Campos de ordenação: title, reference, updatedAt, /);
    expect(pt.stdout).toContain('Códigos de saída:');
    expect(ptOption.stdout).toMatch(/^Uso: showroom cache rebuild \[--no-sync\]/);
    expect(ptOption.stdout).toContain(ptBR.codes.cliHelp.cacheRebuildHelp);
    expect(english.stdout).toMatch(/^Usage: showroom export /);
    expect(english.stdout).toContain(en.codes.cliHelp.exportHelp);
    expect(english.stdout).toMatch(/Sort fields: title, reference, /);
  });
});

describe('usage errors in the dealer’s language, the same exit code (2)', () => {
  it('unknown command, unknown option, missing and unexpected arguments, a bad value, a bad --lang', async () => {
    const results = await Promise.all([
      run(['frobnicate'], PT),
      run(['search', '--colour', 'RED'], PT),
      run(['show'], PT),
      run(['status', 'extra'], { ...C, LC_MESSAGES: 'pt_BR.UTF-8' }),
      run(['search', '--price-max', 'cheap'], PT),
      run(['export', '--out', 'x.pdf', '--lang', 'pt-BR'], C),
      run(['sync', '--lang', 'fr'], PT),
    ]);
    const [unknown, badOption, missing, extra, badValue, badFormat, badLang] = results;
    for (const r of results) expect(r.code, r.stderr).toBe(2);
    expect(unknown.stderr).toContain('showroom: comando desconhecido “frobnicate”.');
    expect(unknown.stderr).toContain('Uso: showroom <comando> [opções]');
    expect(badOption.stderr).toContain("showroom search: Opção desconhecida '--colour'.\nUso: showroom search ");
    expect(missing.stderr).toContain('showroom show: falta <reference>.\nUso: showroom show <reference> [--json]');
    expect(extra.stderr).toContain('argumento inesperado “extra”');
    expect(badValue.stderr).toContain('showroom: --price-max aceita um número; recebeu “cheap”.');
    expect(badFormat.stderr).toContain(ptBR.codes.cli.formatNeeded);
    // A bad --lang cannot say which language: the system's.
    expect(badLang.stderr).toContain('--lang aceita en ou pt-BR; recebeu “fr”.');
    for (const r of results) expect(r.stderr).not.toMatch(/Usage:|takes a number|unknown command/);
  });

  it('with no account, in Portuguese: the not-found error (5), rendered from its code', async () => {
    const result = await run(['status'], PT);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`showroom: ${ptBR.codes.cli.noAccountYet}`);
  });
});
