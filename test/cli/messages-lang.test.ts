// The command line writes errors in the dealer's language: the message code main returns,
// rendered from the shared dictionaries, in the language of --lang, else the app's setting, else
// LC_ALL / LC_MESSAGES / LANG. A real sandbox portal, a child process per command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { cliAccount, type CliAccount } from './helpers';

let account: CliAccount;

// The locale comes from each test (LANG=C unless it says otherwise), never from the machine.
const run = (args: string[], env: Record<string, string | undefined> = {}) => account.run(args, env);

beforeAll(async () => {
  account = await cliAccount(
    { vehicles: 5, seed: 3, integrationToken: 'cli-lang-token-0123456789' },
    { env: { LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined } },
  );
});
afterAll(() => account.close());

describe('the command line’s own text in the dealer’s language', () => {
  it('sync, search and status in pt-BR; --json is the same in both languages', async () => {
    const synced = await run(['sync', '--lang', 'pt-BR']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/^Sincronização \(full\) concluída em [\d.]+ s: 5 anúncios; 5 adicionados/);
    const [table, status, english, jsonPt, jsonEn] = await Promise.all([
      run(['search'], { LANG: 'pt_BR.UTF-8' }),
      run(['status', '--lang', 'pt-BR']),
      run(['search']),
      run(['search', '--json', '--lang', 'pt-BR']),
      run(['search', '--json', '--lang', 'en']),
    ]);
    expect(table.stdout.split('\n')[0]).toMatch(/^REFERÊNCIA\s+TÍTULO\s+ANO\s+PREÇO\s+KM\s+PORTAL\s+FOTOS$/);
    expect(table.stdout).toContain('no portal');
    // Prices in the reader's notation, as the screens write them: R$ 139.900 in Portuguese, R$139,900 in English.
    expect(table.stdout).toMatch(/R\$ \d{1,3}\.\d{3}\b/);
    expect(table.stdout).not.toMatch(/R\$ ?\d{1,3},\d{3}\b/);
    expect(table.stderr).toContain('1–5 de 5 anúncios.');
    expect(status.stdout).toMatch(/^Conta:\s+Loja \(/);
    expect(status.stdout).toMatch(/\nAnúncios:\s+5 \(5 no portal, 0 fora, 0 com despublicação pendente\)/);
    expect(english.stdout.split('\n')[0]).toMatch(/^REFERENCE\s+TITLE\s+YEAR\s+PRICE\s+KM\s+PORTAL\s+PHOTOS$/);
    expect(english.stderr).toContain('1–5 of 5 listings.');
    expect(english.stdout).toMatch(/R\$\d{1,3},\d{3}\b/);
    // --json is for programs: never translated.
    expect(jsonPt.stdout).toBe(jsonEn.stdout);
    expect(JSON.parse(jsonPt.stdout)).toMatchObject({ total: 5 });
  });
});

describe('errors in the dealer’s language', () => {
  it('a refused token: pt-BR from LANG, English from --lang en, pt-BR from LC_ALL over LANG', async () => {
    const wrong = { SHOWROOM_TOKEN: 'wrong-token-abcdef' };
    // One after the other: a sync holds the account's lock.
    const fromLang = await run(['sync'], { ...wrong, LANG: 'pt_BR.UTF-8' });
    const forcedEn = await run(['sync', '--lang', 'en'], { ...wrong, LANG: 'pt_BR.UTF-8' });
    const fromLcAll = await run(['sync'], { ...wrong, LANG: 'en_US.UTF-8', LC_ALL: 'pt_BR.UTF-8' });
    for (const result of [fromLang, forcedEn, fromLcAll]) expect(result.code).toBe(4);
    expect(fromLang.stderr).toContain(`showroom: ${ptBR.codes.portal.token_refused}`);
    expect(forcedEn.stderr).toContain(`showroom: ${en.codes.portal.token_refused}`);
    expect(fromLcAll.stderr).toContain(ptBR.codes.portal.token_refused);
    expect(fromLang.stderr + fromLcAll.stderr).not.toContain(en.codes.portal.token_refused);
  });

  it('a bad --lang is a usage error, reported in the system’s language', async () => {
    const result = await run(['sync', '--lang', 'fr']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--lang takes en or pt-BR; got “fr”');
  });

  it('a portal that cannot be reached: the same exit code (3), the text in pt-BR', async () => {
    await account.sb.close();
    const pt = await run(['sync', '--lang', 'pt-BR']);
    const english = await run(['sync']);
    expect(pt.code).toBe(3);
    expect(pt.stderr).toContain(`showroom: ${ptBR.codes.portal.offline}`);
    // The English text from LANG=C.
    expect(english.code).toBe(3);
    expect(english.stderr).toContain(en.codes.portal.offline);
  });
});
