// What a listing's numbers say, once the portal's placeholders are read as what they mean: the
// portal writes 0 where a listing has none (no down payment, not financed, a motorcycle's doors).
// Shown, exported and compared alike, so that no screen or file states "R$ 0,00" or "0 doors" as
// a fact.
import type { Vehicle } from './vehicle';

/** 'none': the listing has none; undefined: the portal did not say. */
export type Fact<T> = T | 'none' | undefined;

export function downPayment(v: Vehicle): Fact<number> {
  if (v.deposit === undefined) return undefined;
  return v.deposit > 0 ? v.deposit : 'none';
}

/** Either part may be missing (the portal did not send it); a 0 in either means not financed. */
export function installments(v: Vehicle): Fact<{ count: number | undefined; amount: number | undefined }> {
  const { amountOfInstallments: count, amountPerInstallment: amount } = v;
  if (count === undefined && amount === undefined) return undefined;
  if (count === 0 || amount === 0) return 'none';
  return { count, amount };
}

/** A vehicle without doors (a motorcycle, or 0 sent for "not given") has no door count to show. */
export function doorCount(v: Vehicle): number | undefined {
  return v.doors !== undefined && v.doors > 0 ? v.doors : undefined;
}
