// The command line's own text lives in the shared dictionaries, in both languages: every command's
// summary and help have a text in en and in pt-BR (a missing key fails here), the CLI's sections
// are translated (not copied), and no English sentence is written straight from src/main/cli.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COMMANDS, helpText } from '../../src/main/cli/index';
import { en } from '../../src/shared/i18n/en';
import { messageText } from '../../src/shared/i18n/messages';
import { ptBR } from '../../src/shared/i18n/pt-BR';

const CLI = join(__dirname, '../../src/main/cli');

describe('every command’s help in both dictionaries', () => {
  it('each summary and help paragraph has its own Portuguese text', () => {
    expect(COMMANDS.length).toBeGreaterThan(10);
    for (const command of COMMANDS) {
      for (const ref of [{ code: command.summary }, ...(command.help ?? [])]) {
        const english = messageText('en', ref.code, ref.params);
        const portuguese = messageText('pt-BR', ref.code, ref.params);
        expect(english, `${command.name}: ${ref.code} (en)`).toBeTypeOf('string');
        expect(portuguese, `${command.name}: ${ref.code} (pt-BR)`).toBeTypeOf('string');
        expect(portuguese, `${command.name}: ${ref.code} is not translated`).not.toBe(english);
        // Every placeholder is filled: no {{name}} reaches the terminal.
        expect(`${english}${portuguese}`, ref.code).not.toMatch(/\{\{/);
      }
    }
  });

  it('the help renders with nothing left unfilled, in each language', () => {
    for (const language of ['en', 'pt-BR'] as const) {
      for (const text of [helpText(language), ...COMMANDS.map((c) => helpText(language, c))]) {
        expect(text).not.toMatch(/\{\{|cliHelp\.|cli\./);
      }
    }
  });

  it('the command line’s sections are translated: a pt-BR text equal to the English one is a name both languages share', () => {
    const same = (section: Record<string, string>, other: Record<string, string>) => Object.keys(section).filter((k) => other[k] === section[k]);
    // Column headers and labels that read the same in Portuguese, and a unit.
    expect(same(en.codes.cli, ptBR.codes.cli).sort()).toEqual(['columnId', 'columnKm', 'columnPortal', 'seconds', 'statusCache', 'statusPortal']);
    expect(same(en.codes.cliHelp, ptBR.codes.cliHelp)).toEqual([]);
  });
});

/** The source files of the command line. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** What is written to the terminal or thrown at the dealer: the output's line/note/progress, usage and coded errors. */
const SAYS = /(?:\.(?:line|note|progress)|^usageError|^codedError|^AppError|\.write)$/;
/** A dictionary key ('cli.noMatch', `cli.phase_${…}`) or an identifier (an error kind 'not_found', an option 'delete-data'), not a sentence. */
const KEY = /^[a-zA-Z]+\.[a-zA-Z_]*$|^[a-z]+(?:[_-][a-z]+)*$/;
/** Words a line may carry as they are: the program's name, and the support lines --verbose adds. */
const KEPT = new Set(['showroom', 'kind', 'detail']);

/** English words in string literals handed to something that says them, as "name:line: text". */
function literalsSaid(name: string, code: string): string[] {
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visitLiterals = (node: ts.Node): void => {
    // A nested call renders its own key (t('cli.x'), renderMessage(language, 'cli.x')): its literals are keys, checked below too.
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      const words = (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !KEPT.has(w));
      if (!KEY.test(text) && words.length > 0) found.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text}`);
    }
    ts.forEachChild(node, visitLiterals);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && SAYS.test(node.expression.getText(source))) {
      for (const arg of node.arguments ?? []) visitLiterals(arg);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no English sentence written straight from the command line', () => {
  it('what src/main/cli writes or throws comes from the dictionaries', () => {
    const files = sources(CLI);
    expect(files.length).toBeGreaterThan(15);
    expect(files.flatMap((file) => literalsSaid(file.slice(CLI.length + 1), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('the check finds a sentence when there is one, and lets keys and layout through', () => {
    const said = literalsSaid(
      'probe.ts',
      [
        "ctx.out.line('Photos: nothing to download.');",
        'ctx.out.note(`${n} listings sent`);',
        "throw usageError({ code: 'cli.outNeeded' });",
        "ctx.out.line(`  ${t('cli.photosRejectedHint')}`);",
        'ctx.out.progress(t(`cli.phase_${p.phase}`));',
        'out.note(`  kind: ${shape.kind}`);',
      ].join('\n'),
    );
    expect(said).toEqual(['probe.ts:1: Photos: nothing to download.', 'probe.ts:2:  listings sent']);
  });
});
