import { describe, expect, it } from 'vitest';
import { parseVehicle, rejectedPicturePositions } from '../../src/shared/vehicle';
import { generateVehicles } from '../../src/sandbox';

const PLATE = /^[A-Z]{3}-?\d{4}$|^[A-Z]{3}\d[A-Z]\d{2}$/;

describe('generator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = generateVehicles(300, 7);
    const b = generateVehicles(300, 7);
    const c = generateVehicles(300, 8);
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).not.toEqual(JSON.stringify(c));
  });

  it('generates zero vehicles', () => {
    expect(generateVehicles(0, 1)).toEqual([]);
  });

  it('produces vehicles that parse with zero problems in the client schema', () => {
    for (const v of generateVehicles(500, 3)) {
      const parsed = parseVehicle(v);
      expect(parsed.problems, v.reference).toEqual([]);
    }
  });

  it('keeps realistic invariants', () => {
    const vehicles = generateVehicles(2000, 11);
    const refs = new Set(vehicles.map((v) => v.reference));
    expect(refs.size).toBe(vehicles.length);
    const plateKinds = { old: 0, mercosul: 0 };
    for (const v of vehicles) {
      expect(v.mileage === 0, v.reference).toBe(v.brandNew);
      expect(v.licensePlate).toMatch(PLATE);
      if (/^[A-Z]{3}\d[A-Z]\d{2}$/.test(v.licensePlate)) plateKinds.mercosul++;
      else plateKinds.old++;
      expect(v.value).toBeGreaterThan(0);
      expect(Number.isInteger(v.value)).toBe(true);
      expect([0, 1]).toContain(v.modelYear - v.manufacturedYear);
      expect(v.type).toBe(v.brand.vehicleType);
      expect(['C', 'M']).toContain(v.type);
      if (v.type === 'M') expect(v.doors).toBe(0);
      expect((v.title ?? '').length).toBeLessThanOrEqual(100);
      expect(v.description.length).toBeLessThanOrEqual(4000);
      expect(v.pictures.length).toBeGreaterThanOrEqual(1);
      expect(v.pictures.length).toBeLessThanOrEqual(16);
      expect(v.deposit).toBeLessThanOrEqual(v.value);
      if (v.amountOfInstallments > 0) {
        expect(v.amountPerInstallment).toBeGreaterThan(0);
        // Installments cover at least the financed part (interest makes them more).
        expect(v.deposit + v.amountPerInstallment * v.amountOfInstallments).toBeGreaterThanOrEqual(v.value);
      } else {
        expect(v.amountPerInstallment).toBe(0);
      }
      expect(Number.isNaN(Date.parse(v.updatedAt))).toBe(false);
      expect(v.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      if (!v.active) expect(v.publication).toBeNull();
    }
    expect(plateKinds.old).toBeGreaterThan(0);
    expect(plateKinds.mercosul).toBeGreaterThan(0);
    // Every state appears.
    expect(vehicles.some((v) => v.type === 'M')).toBe(true);
    expect(vehicles.some((v) => v.publication === null && v.active)).toBe(true);
    expect(vehicles.some((v) => !v.active)).toBe(true);
    expect(vehicles.some((v) => v.publication?.highlighted)).toBe(true);
    expect(vehicles.some((v) => v.url === undefined)).toBe(true);
    expect(vehicles.filter((v) => v.url === undefined).length).toBeLessThan(vehicles.length / 10);
    expect(vehicles.some((v) => rejectedPicturePositions(v.pictures).length > 0)).toBe(true);
    // Batch imports share updatedAt: the tie-break on reference matters.
    expect(new Set(vehicles.map((v) => v.updatedAt)).size).toBeLessThan(vehicles.length);
  });

  it('writes Portuguese, with accents, and names the expected catalogue', () => {
    const vehicles = generateVehicles(1000, 5);
    const text = vehicles
      .map((v) => `${v.title} ${v.description} ${v.accessories.map((a) => a.name).join(' ')} ${v.otherInfos.map((o) => o.name).join(' ')}`)
      .join(' ');
    expect(text).toMatch(/[áéíóúâêôãõç]/);
    for (const word of ['Ar-condicionado', 'Direção hidráulica', 'Vidros elétricos', 'Único dono', 'IPVA pago', 'quilometragem|km rodados']) {
      expect(text).toMatch(new RegExp(word));
    }
    const brands = new Set(vehicles.map((v) => v.brand.name));
    for (const b of ['Fiat', 'Volkswagen', 'Chevrolet', 'Toyota', 'Honda', 'Hyundai', 'Jeep', 'Renault', 'Ford', 'Yamaha']) expect(brands).toContain(b);
    const titles = vehicles.map((v) => v.title).join('\n');
    for (const m of [
      'Uno',
      'Argo',
      'Toro',
      'Gol',
      'Polo',
      'T-Cross',
      'Onix',
      'Tracker',
      'S10',
      'Corolla',
      'Hilux',
      'Civic',
      'HR-V',
      'HB20',
      'Creta',
      'Renegade',
      'Compass',
      'Kwid',
      'Ranger',
      'CG 160',
      'Biz',
      'Fazer',
      'Factor',
    ]) {
      expect(titles).toContain(m);
    }
  });

  it('prices follow model and age: a new Hilux costs more than an old Uno', () => {
    const vehicles = generateVehicles(3000, 2);
    const avg = (pred: (title: string) => boolean): number => {
      const list = vehicles.filter((v) => pred(v.title ?? ''));
      return list.reduce((s, v) => s + v.value, 0) / list.length;
    };
    expect(avg((t) => t.includes('Hilux'))).toBeGreaterThan(avg((t) => t.includes('Uno')) * 2);
    expect(avg((t) => t.includes('Biz'))).toBeLessThan(30_000);
  });

  it('generates 100,000 vehicles', () => {
    const vehicles = generateVehicles(100_000, 9);
    expect(vehicles).toHaveLength(100_000);
    expect(new Set(vehicles.map((v) => v.reference)).size).toBe(100_000);
  });
});
