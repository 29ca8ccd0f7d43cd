// The kinds of change, in one table: the ledger, the sync and the views look a kind up here by the
// name its changes carry. A new kind is one module (kinds/) and one line below.
import { codedError } from '../../shared/i18n/messages';
import { registered, type ChangeKind, type RegisteredKind } from './kind';
import { create } from './kinds/create';
import { edit } from './kinds/edit';
import { highlight } from './kinds/highlight';
import { publish } from './kinds/publish';
import { sell } from './kinds/sell';
import { unhighlight } from './kinds/unhighlight';
import { unpublish } from './kinds/unpublish';

const KINDS = new Map<string, RegisteredKind>(
  ([unpublish, publish, highlight, unhighlight, edit, sell, create] as ChangeKind<never>[]).map((k) => [k.name, registered(k)]),
);

/**
 * Adds a kind (a test's own, or one a later module brings); returns how to take it away again.
 * A name already taken is refused: two modules would disagree about the same changes.
 */
export function registerChangeKind<P>(kind: ChangeKind<P>): () => void {
  if (KINDS.has(kind.name)) throw new Error(`The change kind ${kind.name} is registered already.`);
  KINDS.set(kind.name, registered(kind));
  return () => KINDS.delete(kind.name);
}

/** The kind a change names; a change of a kind this version does not know is the data's problem, said plainly. */
export function changeKind(name: string): RegisteredKind {
  const kind = KINDS.get(name);
  if (kind === undefined) throw codedError('database', { code: 'ledger.unknownKind', params: { kind: name } });
  return kind;
}

/** The kind a change names, or undefined when this version does not know it (a change saved by a newer one). */
export function findChangeKind(name: string): RegisteredKind | undefined {
  return KINDS.get(name);
}

export function changeKinds(): RegisteredKind[] {
  return [...KINDS.values()];
}
