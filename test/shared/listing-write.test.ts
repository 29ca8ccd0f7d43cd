// The write shape's rules (portal-notes.md, "The write shape"), each accepted and refused, with the
// field and the dictionary code a refusal names.
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/shared/errors';
import { renderMessage } from '../../src/shared/i18n/messages';
import {
  editedListing,
  isVideoPage,
  listingEditSchema,
  listingWriteSchema,
  parseAmount,
  parseListingWrite,
  writeIssues,
  type ListingWriteInput,
  type WriteIssue,
} from '../../src/shared/listing-write';

const car: ListingWriteInput = {
  reference: 'REF-1',
  type: 'C',
  trimId: 12,
  color: 'BLACK',
  gearbox: 'MANUAL',
  fuel: 'FLEX',
  doors: 4,
  mileage: 35000,
  licensePlate: 'ABC1D23',
  manufacturedYear: 2020,
  value: 49990,
  deposit: 0,
  amountPerInstallment: 0,
  amountOfInstallments: 0,
  accessories: [3, 6],
  pictures: [{ source: 'https://photos.example/1.jpg' }],
};

/** The refusals of `input` as the write schema gives them. */
function refusals(input: unknown): WriteIssue[] {
  const result = listingWriteSchema.safeParse(input);
  if (result.success) return [];
  return writeIssues(result.error);
}
const ok = (patch: Record<string, unknown>) => listingWriteSchema.parse({ ...car, ...patch });
const refused = (patch: Record<string, unknown>) => refusals({ ...car, ...patch });

describe('amounts typed the Brazilian way or plainly', () => {
  it.each([
    ['R$ 49.990,00', 49990],
    ['R$49.990,5', 49990.5],
    ['49.990', 49990],
    ['1.234.567', 1234567],
    ['49990', 49990],
    ['49990.5', 49990.5],
    ['49990,50', 49990.5],
    [' 49 990 ', 49990],
    ['0', 0],
    ['49,990.00', 49990],
    ['R$ 49,990.5', 49990.5],
    ['1,234,567.89', 1234567.89],
    ['49,990', 49990],
  ])('%s reads %d', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
    expect(ok({ value: text }).value).toBe(expected);
  });

  it.each(['', 'abc', '-100', '49.99.0', 'R$', '12.345,678', '49.990.00', '49,990,00', '1.234,567.89'])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it.each(['49.990.00', '49,990,00', '49,99.0', '1.234,567'])('%j reads more than one way: said so on the field, with what was typed', (text) => {
    expect(refused({ value: text })).toEqual([{ field: 'value', code: 'listingWrite.valueUnclear', params: { typed: text } }]);
    expect(refused({ deposit: text }).map((i) => i.code)).toEqual(['listingWrite.depositUnclear']);
  });

  it('a negative amount typed with a minus sign is refused on its field as below 0', () => {
    expect(refused({ value: '-5' })).toEqual([{ field: 'value', code: 'listingWrite.value' }]);
    expect(refused({ value: 'R$ -49.990,00' })).toEqual([{ field: 'value', code: 'listingWrite.value' }]);
  });

  it('refuses a negative, unreadable or missing price on the price field', () => {
    for (const value of [-1, 'cinquenta', undefined]) expect(refused({ value })).toEqual([{ field: 'value', code: 'listingWrite.value' }]);
    expect(refused({ deposit: 'x', amountPerInstallment: -3 }).map((i) => i.field)).toEqual(['deposit', 'amountPerInstallment']);
  });

  it('counts are whole numbers: installments, mileage', () => {
    expect(ok({ amountOfInstallments: '48', mileage: '35.000' })).toMatchObject({ amountOfInstallments: 48, mileage: 35000 });
    expect(refused({ amountOfInstallments: 1.5 })).toEqual([{ field: 'amountOfInstallments', code: 'listingWrite.amountOfInstallments' }]);
    expect(refused({ mileage: -1 }).map((i) => i.code)).toContain('listingWrite.mileage');
  });
});

describe('plate', () => {
  it.each(['ABC1D23', 'abc-1d23', 'ABC-1234', ' abc1234 '])('%j is stored upper case without a dash', (plate) => {
    expect(ok({ licensePlate: plate }).licensePlate).toBe(plate.replace(/[-\s]/g, '').toUpperCase());
  });

  it.each(['AB1234', 'ABCD123', 'ABC12345', '1BC1234', 'ABC1DD3'])('%j is not a Brazilian plate', (plate) => {
    expect(refused({ licensePlate: plate })).toEqual([{ field: 'licensePlate', code: 'listingWrite.licensePlate' }]);
  });

  it('is required when the mileage is above 0, not for a new vehicle', () => {
    expect(refused({ licensePlate: undefined })).toEqual([{ field: 'licensePlate', code: 'listingWrite.plateRequired' }]);
    expect(refused({ licensePlate: '' })).toEqual([{ field: 'licensePlate', code: 'listingWrite.plateRequired' }]);
    expect(ok({ licensePlate: undefined, mileage: 0 })).not.toHaveProperty('licensePlate');
  });
});

describe('years', () => {
  it('the model year defaults to the manufacture year', () => {
    expect(ok({}).modelYear).toBe(2020);
    expect(ok({ modelYear: '' }).modelYear).toBe(2020);
    expect(ok({ modelYear: 2021 }).modelYear).toBe(2021);
  });

  it('refuses a year before 1886 or not whole', () => {
    expect(refused({ manufacturedYear: 1885, modelYear: 2020.5 })).toEqual([
      { field: 'manufacturedYear', code: 'listingWrite.manufacturedYear', params: { min: 1886 } },
      { field: 'modelYear', code: 'listingWrite.modelYear', params: { min: 1886 } },
    ]);
    expect(ok({ manufacturedYear: 1886 }).manufacturedYear).toBe(1886);
  });
});

describe('doors', () => {
  it('a car has 2 to 5', () => {
    expect(ok({ doors: 2 }).doors).toBe(2);
    expect(ok({ doors: '5' }).doors).toBe(5);
    for (const doors of [1, 6, undefined]) expect(refused({ doors })).toEqual([{ field: 'doors', code: 'listingWrite.doors', params: { min: 2, max: 5 } }]);
  });

  it('a motorcycle has none (0 is left out of the body)', () => {
    expect(ok({ type: 'M', doors: undefined })).not.toHaveProperty('doors');
    expect(ok({ type: 'M', doors: 0 })).not.toHaveProperty('doors');
    expect(refused({ type: 'M', doors: 2 })).toEqual([{ field: 'doors', code: 'listingWrite.doorsMotorcycle' }]);
  });
});

describe('texts', () => {
  it('title at most 100, description at most 4000, document at most 20', () => {
    expect(ok({ title: 'x'.repeat(100), description: 'd'.repeat(4000), document: 'D'.repeat(20) })).toMatchObject({ title: 'x'.repeat(100) });
    expect(refused({ title: 'x'.repeat(101), description: 'd'.repeat(4001), document: 'D'.repeat(21) })).toEqual([
      { field: 'document', code: 'listingWrite.document', params: { max: 20 } },
      { field: 'title', code: 'listingWrite.title', params: { max: 100 } },
      { field: 'description', code: 'listingWrite.description', params: { max: 4000 } },
    ]);
  });

  it('reference required and at most 90', () => {
    expect(refused({ reference: '' })).toEqual([{ field: 'reference', code: 'listingWrite.reference', params: { max: 90 } }]);
    expect(refused({ reference: 'r'.repeat(91) })).toHaveLength(1);
    expect(ok({ reference: 'r'.repeat(90) }).reference).toHaveLength(90);
  });
});

describe('pictures', () => {
  const pics = (n: number) => Array.from({ length: n }, (_, i) => ({ source: `https://photos.example/${i}.jpg` }));
  it('1 to 16, each an http(s) address', () => {
    expect(ok({ pictures: pics(16) }).pictures).toHaveLength(16);
    expect(refused({ pictures: [] })).toEqual([{ field: 'pictures', code: 'listingWrite.pictures', params: { min: 1, max: 16 } }]);
    expect(refused({ pictures: pics(17) })).toEqual([{ field: 'pictures', code: 'listingWrite.pictures', params: { min: 1, max: 16 } }]);
    expect(refused({ pictures: [...pics(2), { source: 'ftp://x/1.jpg' }] })).toEqual([
      { field: 'pictures', code: 'listingWrite.pictureSource', params: { index: 3 } },
    ]);
  });

  it('a picture is its source only', () => {
    expect(refused({ pictures: [{ source: 'https://x/1.jpg', order: 1 }] })).toEqual([
      { field: 'pictures.order', code: 'listingWrite.unknownField', params: { field: 'pictures.order' } },
    ]);
  });
});

describe('video link', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/76979871',
    'https://vimeo.com/76979871/abc123ef',
  ])('%s is a video page', (url) => {
    expect(isVideoPage(url)).toBe(true);
    expect(ok({ videoUrl: url }).videoUrl).toBe(url);
  });

  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871',
    'https://www.youtube.com/watch',
    'https://example.com/watch?v=x',
    'javascript:alert(1)',
    'youtube.com/watch?v=x',
  ])('%s is refused', (url) => {
    expect(refused({ videoUrl: url })).toEqual([{ field: 'videoUrl', code: 'listingWrite.videoUrl' }]);
  });

  it('without one, the body leaves it out (never null)', () => {
    expect(ok({ videoUrl: null })).not.toHaveProperty('videoUrl');
    expect(ok({ videoUrl: '' })).not.toHaveProperty('videoUrl');
  });
});

describe('the documented lists and ids', () => {
  it('type, color, gearbox and fuel from the lists', () => {
    expect(ok({ fuel: 'GNV+FLEX', color: 'PEARL_WHITE' })).toMatchObject({ fuel: 'GNV+FLEX' });
    expect(refused({ type: 'X', color: 'black', gearbox: 'CVT', fuel: 'ALCOHOL' }).map((i) => i.code)).toEqual([
      'listingWrite.type',
      'listingWrite.color',
      'listingWrite.gearbox',
      'listingWrite.fuel',
    ]);
  });

  it('trim, accessories and other infos by id', () => {
    expect(ok({ accessories: [], otherInfos: [7] })).toMatchObject({ accessories: [], otherInfos: [7] });
    expect(refused({ trimId: undefined, accessories: [{ id: 3, name: 'Air' }], otherInfos: ['x'] }).map((i) => i.field)).toEqual([
      'trimId',
      'accessories',
      'otherInfos',
    ]);
  });

  it('refuses a field the portal does not take, and names every failed field at once', () => {
    expect(refused({ trim: { id: 12 } })).toEqual([{ field: 'trim', code: 'listingWrite.unknownField', params: { field: 'trim' } }]);
    // A field failing does not hide the rules between fields.
    expect(refused({ title: 'x'.repeat(101), licensePlate: undefined }).map((i) => i.code)).toEqual(['listingWrite.title', 'listingWrite.plateRequired']);
  });
});

describe('the edit', () => {
  it('takes only the fields changed, each by its rules', () => {
    expect(listingEditSchema.parse({ value: 'R$ 47.500,00', licensePlate: 'abc-1234' })).toEqual({ value: 47500, licensePlate: 'ABC1234' });
    expect(listingEditSchema.parse({ videoUrl: '' })).toEqual({ videoUrl: null });
    const bad = listingEditSchema.safeParse({ title: 'x'.repeat(101), reference: 'OTHER' });
    expect(bad.success).toBe(false);
    expect(
      bad.success
        ? []
        : writeIssues(bad.error)
            .map((i) => i.code)
            .sort(),
    ).toEqual(['listingWrite.title', 'listingWrite.unknownField']);
    const none = listingEditSchema.safeParse({});
    expect(none.success ? [] : writeIssues(none.error)).toEqual([{ field: '', code: 'listingWrite.noChange' }]);
  });

  it('the listing it makes is checked whole: an emptied plate on a used car is refused', () => {
    expect(editedListing(car, listingEditSchema.parse({ mileage: 0, licensePlate: null }))).not.toHaveProperty('licensePlate');
    expect(editedListing(car, listingEditSchema.parse({ value: '45.000' })).value).toBe(45000);
    let thrown: unknown;
    try {
      editedListing(car, listingEditSchema.parse({ licensePlate: null }));
    } catch (error) {
      thrown = error;
    }
    expect(isAppError(thrown) && thrown.kind).toBe('bad_input');
    expect(isAppError(thrown) && thrown.code).toBe('listingWrite.plateRequired');
    expect(isAppError(thrown) && thrown.detail?.fields).toEqual([{ field: 'licensePlate', code: 'listingWrite.plateRequired' }]);
  });

  it('parseListingWrite names every failed field in the error', () => {
    expect(() => parseListingWrite(listingWriteSchema, { ...car, title: 'x'.repeat(101) })).toThrow(/Title: at most 100 characters/);
  });
});

describe('every refusal reads in both languages', () => {
  it('each code has its text in English and Portuguese', () => {
    const all = refusals({ reference: '', type: 'X', pictures: [{ source: 'x' }], trim: 1, mileage: 5, doors: 9, title: 'x'.repeat(101) });
    expect(all.length).toBeGreaterThan(5);
    for (const issue of all) {
      for (const language of ['en', 'pt-BR'] as const) {
        const text = renderMessage(language, issue.code, issue.params);
        expect(text).not.toBe(issue.code);
        expect(text).not.toMatch(/\{\{/);
      }
    }
    expect(renderMessage('pt-BR', 'listingWrite.pictureSource', { index: 2 })).toBe('Foto 2: um endereço que comece com http:// ou https://.');
  });
});
