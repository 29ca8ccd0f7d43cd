// parseVehicle's one-schema fast path must give exactly what the field-by-field path gives, for
// well-formed vehicles and for every kind of garbling the portal might send.
import { describe, expect, it } from 'vitest';
import { generateVehicles } from '../../src/sandbox';
import { listingTitle, parseFieldByField, parseVehicle, VEHICLE_FIELDS } from '../../src/shared/vehicle';
import { createRandom } from '../../src/sandbox/random';

function prng(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

const GARBAGE: readonly unknown[] = [null, '', 'x', 0, -1, 1.5, NaN, true, [], {}, [1], { id: 'x' }, [{ id: 1 }], '2025-13-45'];

/** A copy of `v` with a few fields removed, nulled, retyped, or their nested values spoiled. */
function garble(v: Record<string, unknown>, random: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(v);
  const edits = 1 + Math.floor(random() * 3);
  for (let i = 0; i < edits; i++) {
    const field = VEHICLE_FIELDS[Math.floor(random() * VEHICLE_FIELDS.length)] as string;
    const kind = Math.floor(random() * 5);
    if (kind === 0) delete out[field];
    else if (kind === 1) out[field] = null;
    else if (kind === 2) out[field] = GARBAGE[Math.floor(random() * GARBAGE.length)];
    else if (kind === 3) out[`unknown_${field}`] = 'extra';
    else if (Array.isArray(out.pictures) && out.pictures.length > 0)
      (out.pictures as Record<string, unknown>[])[0] = { ...(out.pictures[0] as object), order: 'first' };
  }
  return out;
}

describe('parseVehicle', () => {
  it('the fast path and the field-by-field path agree, value for value and key for key', () => {
    const random = prng(99);
    const stock = generateVehicles(400, 5) as Record<string, unknown>[];
    let fast = 0;
    for (const [i, v] of stock.entries()) {
      for (const input of [v, garble(v, random), garble(v, random)]) {
        const quick = parseVehicle(input);
        const slow = parseFieldByField(input);
        expect(quick, `vehicle ${i}`).toEqual(slow);
        expect(Object.keys(quick.vehicle)).toEqual(Object.keys(slow.vehicle));
        if (quick.problems.every((p) => p.message === 'missing')) fast++;
      }
    }
    // Clean inputs (or ones that only miss fields) and broken ones are both plentiful.
    expect(fast).toBeGreaterThan(400);
    expect(fast).toBeLessThan(1200);
  });

  it('a vehicle with every field valid but a missing price: parsed in one go, the price named as missing', () => {
    const [v] = generateVehicles(1, 8) as Record<string, unknown>[];
    const { value: _value, ...withoutValue } = v as Record<string, unknown>;
    const parsed = parseVehicle(withoutValue);
    expect(parsed.problems).toEqual([{ field: 'value', message: 'missing' }]);
    expect(parsed.vehicle.value).toBeUndefined();
    expect(parsed.vehicle.reference).toBe(v?.reference);
  });

  it('the title is optional (portal-api-v2.md): absent or null, it is no problem', () => {
    const [v] = generateVehicles(1, 8) as Record<string, unknown>[];
    const { title: _title, ...withoutTitle } = v as Record<string, unknown>;
    for (const raw of [withoutTitle, { ...withoutTitle, title: null }]) {
      const parsed = parseVehicle(raw);
      expect(parsed.problems).toEqual([]);
      expect(parsed.vehicle.title).toBeUndefined();
    }
  });
});

describe('listingTitle', () => {
  const brand = { id: 1, name: 'Fiat', vehicleType: 'C' };
  const trim = { id: 10201, name: 'Drive 1.0', modelId: 102 };
  it('the title when there is one', () => {
    expect(listingTitle({ title: 'Argo Drive único dono', brand, trim, modelYear: 2023 })).toBe('Argo Drive único dono');
  });
  it('an untitled listing (or a blank title): brand, model and year', () => {
    expect(listingTitle({ brand, trim, modelYear: 2023, manufacturedYear: 2022 })).toBe('Fiat Drive 1.0 2022/2023');
    expect(listingTitle({ title: '  ', brand, trim, manufacturedYear: 2022 })).toBe('Fiat Drive 1.0 2022');
    expect(listingTitle({ brand })).toBe('Fiat');
  });
  it('nothing to name it by: null', () => {
    expect(listingTitle({})).toBeNull();
  });
});
