// Reprice… (issue #33): a rule over the prices of the selection or of the whole view on screen. The
// preview (shared/reprice.ts, computed in the session over every listing) follows the rule as it is
// typed: each listing's old and new price, the count, the total change, and why a listing is left as
// it is. Confirm saves every change as a pending edit in one batch; then the dialog offers to send
// it now (a sync, with its progress and Cancel) or to take the whole batch back, and says what
// reached the portal, what it refused (its words) and what waits.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageCode } from '../../../shared/i18n/messages';
import { parseAmount } from '../../../shared/listing-write';
import {
  INSTALLMENT_CHOICES,
  LIMITED_CODES,
  REASON_CODES,
  PENDING_CHOICES,
  parseRepriceBy,
  REPRICE_ROUNDINGS,
  type RepriceBatchView,
  type RepriceChange,
  type RepricePreviewView,
  type RepriceRuleInput,
  type RepriceScope,
} from '../../../shared/reprice';
import { api } from '../api';
import { useApiEvent } from '../hooks/useApiEvent';
import { useFormat } from '../hooks/useFormat';
import { useSyncRunning, type SyncProgressStore } from '../hooks/syncProgress';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';
import { Meter } from './Meter';
import { ScrollRegion } from './ScrollRegion';

/** Lines of the preview's table: the rest are counted (the summary is over every listing). */
const PREVIEW_LINES = 200;

interface Props {
  scope: RepriceScope;
  /** How many listings the scope holds (the selection's size, or the view's count). */
  total: number;
  sync: { start: () => Promise<void>; cancel: () => Promise<void>; progressStore: SyncProgressStore };
  onClose: () => void;
}

type How = 'set' | 'by';

function changeOf(how: How, text: string): RepriceChange | null {
  if (how === 'by') return parseRepriceBy(text);
  const amount = parseAmount(text);
  return amount === null || amount <= 0 ? null : { kind: 'set', amount };
}

/** A typed floor or ceiling: empty is none; undefined when it is not an amount. */
function limitOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseAmount(text) ?? undefined;
}

/** A floor or a ceiling, typed as an amount in reais (empty: none). */
function LimitField({ id, label, value, onChange, invalid }: { id: string; label: string; value: string; onChange: (v: string) => void; invalid: boolean }) {
  return (
    <span className="reprice-dialog__control">
      <label htmlFor={id}>{label}</label>{' '}
      <input id={id} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} />
    </span>
  );
}

/** One of a few choices, each with its words. */
function ChoiceField<C extends string>({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: C;
  choices: ReadonlyArray<readonly [C, string]>;
  onChange: (v: C) => void;
}) {
  return (
    <span className="reprice-dialog__control">
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as C)}>
        {choices.map(([c, words]) => (
          <option key={c} value={c}>
            {words}
          </option>
        ))}
      </select>
    </span>
  );
}

export function RepriceDialog({ scope, total, sync, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const [how, setHow] = useState<How>('by');
  const [amount, setAmount] = useState('');
  const [round, setRound] = useState<(typeof REPRICE_ROUNDINGS)[number] | ''>('');
  const [floor, setFloor] = useState('');
  const [ceiling, setCeiling] = useState('');
  const [pending, setPending] = useState<(typeof PENDING_CHOICES)[number]>('skip');
  const [installments, setInstallments] = useState<(typeof INSTALLMENT_CHOICES)[number]>('keep');
  const [answered, setPreview] = useState<{ key: string; view: RepricePreviewView } | null>(null);
  const [batch, setBatch] = useState<RepriceBatchView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const syncing = useSyncRunning(sync.progressStore);

  const change = changeOf(how, amount);
  const min = limitOf(floor);
  const max = limitOf(ceiling);
  const rule: RepriceRuleInput | null =
    change === null || min === undefined || max === undefined ? null : { change, round: round === '' ? null : round, min, max, pending, installments };
  const ruleKey = JSON.stringify(rule);

  // The preview follows the rule as typed; an answer to an older rule is dropped.
  useEffect(() => {
    if (batch !== null || rule === null) return;
    let current = true;
    api
      .call('reprice.preview', { scope, rule, limit: PREVIEW_LINES })
      .then((answer) => {
        if (!current) return;
        setPreview({ key: ruleKey, view: answer });
        setError(null);
      })
      .catch((e: unknown) => {
        if (current) setError(e);
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rule by value (ruleKey), not the object remade each render; the scope is fixed while the dialog is open
  }, [ruleKey, batch]);

  const refresh = (id: string) =>
    api
      .call('reprice.batch', { batch: id })
      .then(setBatch)
      .catch((e: unknown) => setError(e));
  useApiEvent('sync.progress', () => batch !== null && void refresh(batch.batch));
  useApiEvent('sync.finished', () => batch !== null && void refresh(batch.batch));

  const confirm = async () => {
    if (rule === null) return;
    setBusy(true);
    try {
      const saved = await api.call('reprice.confirm', { scope, rule });
      await refresh(saved.batch);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    if (batch === null) return;
    try {
      setBatch(await api.call('reprice.discard', { batch: batch.batch }));
    } catch (e) {
      setError(e);
    }
  };

  // Only the answer to the rule as it stands now (none while it is not a rule).
  const preview = rule !== null && answered?.key === ruleKey ? answered.view : null;
  const summary = preview?.summary;
  const unchanged = summary === undefined ? 0 : summary.total - summary.changed;
  let actions;
  if (batch === null)
    actions = (
      <>
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || summary === undefined || summary.changed === 0}
          onClick={() => void confirm()}
        >
          {t('repriceDialog.confirm', { count: summary?.changed ?? 0, n: f.number(summary?.changed ?? 0) })}
        </button>
      </>
    );
  else
    actions = (
      <>
        {batch.waiting > 0 && !syncing && (
          <button type="button" className="button" onClick={() => void discard()}>
            {t('repriceDialog.discard', { count: batch.waiting, n: f.number(batch.waiting) })}
          </button>
        )}
        {batch.waiting > 0 && !syncing && (
          <button type="button" className="button" onClick={() => void sync.start()}>
            {t('repriceDialog.sendNow')}
          </button>
        )}
        {syncing && (
          <button type="button" className="button" onClick={() => void sync.cancel()}>
            {t('repriceDialog.cancelSending')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </>
    );

  return (
    <Dialog title={t('repriceDialog.title', { count: total, n: f.number(total) })} onClose={onClose} busy={busy} actions={actions} className="reprice-dialog">
      {batch === null ? (
        <>
          <fieldset className="reprice-dialog__rule">
            <legend>{t('repriceDialog.rule')}</legend>
            <div className="field__row">
              <span className="reprice-dialog__control">
                <label htmlFor={`${id}-c1`}>{t('repriceDialog.how')}</label>{' '}
                <select id={`${id}-c1`} value={how} onChange={(e) => setHow(e.target.value as How)} data-autofocus>
                  <option value="by">{t('repriceDialog.howBy')}</option>
                  <option value="set">{t('repriceDialog.howSet')}</option>
                </select>
              </span>
              <span className="reprice-dialog__control">
                <label htmlFor={`${id}-c2`}>{t(how === 'by' ? 'repriceDialog.byLabel' : 'repriceDialog.setLabel')}</label>{' '}
                <input
                  id={`${id}-c2`}
                  type="text"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={amount !== '' && change === null}
                  aria-describedby={`${id}-amount-hint`}
                />
              </span>
            </div>
            <p id={`${id}-amount-hint`} className="field__hint">
              {amount !== '' && change === null ? t(how === 'by' ? 'repriceDialog.byInvalid' : 'repriceDialog.setInvalid') : t('repriceDialog.amountHint')}
            </p>
            <div className="field__row">
              <span className="reprice-dialog__control">
                <label htmlFor={`${id}-c3`}>{t('repriceDialog.round')}</label>{' '}
                <select id={`${id}-c3`} value={round} onChange={(e) => setRound(e.target.value as typeof round)}>
                  <option value="">{t('repriceDialog.roundNone')}</option>
                  {REPRICE_ROUNDINGS.map((r) => (
                    <option key={r} value={r}>
                      {t(`repriceDialog.round${r}`)}
                    </option>
                  ))}
                </select>
              </span>
              <LimitField id={`${id}-c4`} label={t('repriceDialog.floor')} value={floor} onChange={setFloor} invalid={min === undefined} />
              <LimitField id={`${id}-c5`} label={t('repriceDialog.ceiling')} value={ceiling} onChange={setCeiling} invalid={max === undefined} />
            </div>
            <div className="field__row">
              <ChoiceField
                id={`${id}-c6`}
                label={t('repriceDialog.pending')}
                value={pending}
                choices={PENDING_CHOICES.map((c) => [c, t(`repriceDialog.pending_${c}`)] as const)}
                onChange={setPending}
              />
              <ChoiceField
                id={`${id}-c7`}
                label={t('repriceDialog.installments')}
                value={installments}
                choices={INSTALLMENT_CHOICES.map((c) => [c, t(`repriceDialog.installments_${c}`)] as const)}
                onChange={setInstallments}
              />
            </div>
          </fieldset>
          <div role="status" className="reprice-dialog__summary" data-testid="reprice-summary">
            {summary !== undefined && (
              <>
                <p>
                  <strong>{t('codes.reprice.changed', { count: summary.changed })}</strong> —{' '}
                  {t('codes.reprice.totalChange', { amount: f.money(summary.totalChange) })}
                </p>
                {unchanged > 0 && <p>{t('codes.reprice.unchanged', { count: unchanged })}</p>}
                {summary.replacing > 0 && <p>{t('codes.reprice.replacing', { count: summary.replacing })}</p>}
                {summary.withInstallments > 0 && (
                  <p className="callout callout--warn">
                    {t(installments === 'clear' ? 'codes.reprice.installmentsCleared' : 'codes.reprice.installmentsKept', { count: summary.withInstallments })}
                  </p>
                )}
              </>
            )}
          </div>
          {preview !== null && preview.lines.length > 0 && (
            <ScrollRegion className="reprice-dialog__table" label={t('repriceDialog.previewLabel')}>
              <table className="table" data-testid="reprice-preview">
                <thead>
                  <tr>
                    <th scope="col">{t('inventory.columns.reference')}</th>
                    <th scope="col">{t('inventory.columns.title')}</th>
                    <th scope="col">{t('repriceDialog.oldPrice')}</th>
                    <th scope="col">{t('repriceDialog.newPrice')}</th>
                    <th scope="col">{t('repriceDialog.note')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.lines.map((l) => (
                    <tr key={l.reference} data-reference={l.reference}>
                      <td>{l.reference}</td>
                      <td className="reprice-dialog__words">{l.title}</td>
                      <td className="num">{f.money(l.price)}</td>
                      <td className="num">{l.newPrice === null ? '—' : f.money(l.newPrice)}</td>
                      <td className="reprice-dialog__words">
                        {l.unchanged !== null && t(`codes.${REASON_CODES[l.unchanged]}`)}
                        {l.limited !== null && t(`codes.${LIMITED_CODES[l.limited]}`)}
                        {l.unchanged === null && l.pendingPrice !== null && ` ${t('codes.reprice.replacesPending', { price: f.money(l.pendingPrice) })}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {summary !== undefined && summary.total > preview.lines.length && (
                <p className="field__hint">{t('repriceDialog.capped', { shown: f.number(preview.lines.length), total: f.number(summary.total) })}</p>
              )}
            </ScrollRegion>
          )}
        </>
      ) : (
        <div role="status" data-testid="reprice-batch" data-waiting={batch.waiting} data-sent={batch.sent} data-confirmed={batch.confirmed}>
          {syncing && batch.waiting > 0 && (
            <Meter
              label={t('repriceDialog.sending')}
              value={batch.total - batch.discarded - batch.released - batch.waiting}
              max={batch.total - batch.discarded - batch.released}
              valueText={t('repriceDialog.sendingProgress', {
                done: f.number(batch.total - batch.discarded - batch.released - batch.waiting),
                total: f.number(batch.total - batch.discarded - batch.released),
              })}
            />
          )}
          <p>{t('codes.reprice.batchStatus', { ...batch, refused: batch.refused.length })}</p>
          {batch.edited > 0 && <p data-testid="reprice-edited">{t('codes.reprice.batchEdited', { count: batch.edited })}</p>}
          {batch.released > 0 && <p data-testid="reprice-released">{t('codes.reprice.batchReleased', { count: batch.released })}</p>}
          {batch.refused.length > 0 && (
            <ul className="callout callout--danger">
              {batch.refused.map((r) => (
                <li key={r.reference}>
                  {r.reference}: {r.error === null ? '' : t(`codes.${r.error.code as MessageCode}`, { ...r.error.params })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}
