// One word per thing, in both languages (issue 32, item 8). The listing's web page on the portal
// was "Link not ready yet", "No address on the portal" and "Listing address", while "address"
// also named the integration URL: the listing's is its link, the portal's integration URL its
// address. Words a dealer could not place ("Unidentified", "Quick", "Unpublished here") are
// retired, the history's kinds of run are named as their buttons, and the document is said to be
// the RENAVAM wherever it is named. The integration URL has one label, the connect form's, in Settings too.
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';

/** Every text of a dictionary, by its dotted key. */
function texts(dictionary: object, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : typeof value === 'object' && value !== null ? texts(value as object, `${prefix}${key}.`) : [],
  );
}

const LANGUAGES = [
  {
    name: 'en',
    all: texts(en),
    link: /\blink\b/i,
    address: /\baddress\b/i,
    retired: [
      /listing(’s|'s)? address/i,
      /address on the portal/i,
      /no address\b/i,
      /^Unidentified$/,
      /^Quick$/,
      /^Unpublished here$/,
      /^Full sync$/,
      /^Full$/,
      /^Portal address$/,
    ],
    renavam: /RENAVAM/,
    trim: /\btrim\b/i,
    notTrim: /\bversion\b/i,
  },
  {
    name: 'pt-BR',
    all: texts(ptBR),
    link: /\blink\b/i,
    address: /\bendereço\b/i,
    retired: [
      /endereço (do|no) anúncio/i,
      /endereço no portal/i,
      /sem endereço/i,
      /^Não identificados$/,
      /^Rápida$/,
      /^Despublicado aqui$/,
      /^Sincronização completa$/,
      /^Completa$/,
      /^Endereço do portal$/,
    ],
    renavam: /RENAVAM/,
    trim: /\bversão\b/i,
    notTrim: /\btrim\b/i,
  },
] as const;

/** Keys whose text names the listing's web page on the portal. */
const LISTING_LINK = /(^|\.)(url|urlNotReady|urlPending|urlNotWeb|addressMissing|urlChecked_one|urlChecked_other)$/;
/** Keys whose text names the portal's integration URL. */
const PORTAL_ADDRESS = /^(connect\.baseUrl|connect\.baseUrlHint)$/;

/** Keys whose text names the catalogue's trim (the level under the model). */
const TRIM = /(^|\.)(trim|trimId)$/;

describe.each(LANGUAGES)('the words, in $name', ({ all, link, address, retired, renavam, trim, notTrim }) => {
  it('the listing’s web page is its link, everywhere it is named', () => {
    const named = all.filter(([key]) => LISTING_LINK.test(key) && !key.startsWith('listingEdit.'));
    expect(named.length).toBeGreaterThanOrEqual(8);
    expect(named.filter(([, text]) => !link.test(text) || address.test(text))).toEqual([]);
  });

  it('the portal’s integration URL is its address, never a link', () => {
    const named = all.filter(([key]) => PORTAL_ADDRESS.test(key));
    expect(named).toHaveLength(2);
    expect(named.filter(([, text]) => !address.test(text) || link.test(text))).toEqual([]);
  });

  it('no retired name is left', () => {
    expect(all.filter(([, text]) => retired.some((word) => word.test(text)))).toEqual([]);
  });

  it('the document is the RENAVAM wherever it is named', () => {
    const named = all.filter(([key]) => /(^|\.)document$/.test(key));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter(([, text]) => !renavam.test(text))).toEqual([]);
  });

  it('the catalogue’s trim has one name wherever it is named (English: Trim; Version is Showroom’s own)', () => {
    const named = all.filter(([key]) => TRIM.test(key));
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(named.filter(([, text]) => !trim.test(text) || notTrim.test(text))).toEqual([]);
    // Said with the brand and the model, the trim keeps its name too.
    const withModel = all.filter(([, text]) => /\b(model|modelo)\b/i.test(text) && /\b(version|versão|trim)\b/i.test(text));
    expect(withModel.filter(([, text]) => !trim.test(text) || notTrim.test(text))).toEqual([]);
  });

  it('a kind of run is named as the button that starts it', () => {
    const get = (key: string) => all.find(([k]) => k === key)?.[1];
    expect([get('sync.kind.incremental'), get('sync.kind.full')]).toEqual([get('sync.button'), get('sync.full')]);
  });
});
