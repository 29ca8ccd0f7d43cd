// Exports the view on screen — the inventory's text, filters and sort, or the Sold view's search and
// filters — to CSV or XLSX in the UI's language.
// Where the file goes is the shell's: the Electron app saves it where the dealer chose in its save
// dialog ("Saved to …"); the browser shell offers it once as a download, which this dialog starts
// with an anchor so that the browser's own download UI takes over. The worker writes it: progress
// arrives as export.progress events and Cancel stops it (nothing is left behind). Focus starts on
// the format, moves to Cancel while it runs and to Close at the end.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput } from '../../../shared/contract';
import type { ExportFormat, ExportOutcome, UiLanguage } from '../../../shared/views';
import { EXPORT_FORMATS } from '../../../shared/views';
import { api } from '../api';
import { useApiEvent } from '../hooks/useApiEvent';
import { useFormat } from '../hooks/useFormat';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';
import { Meter } from './Meter';

export type ExportQuery = ChannelInput<'inventory.export'>['query'];

/** The view on screen: the inventory, or the Sold view. */
export type ExportSource = { channel: 'inventory.export'; query: ExportQuery } | { channel: 'sold.export'; query: ChannelInput<'sold.export'>['query'] };

interface Props {
  source: ExportSource;
  /** How many listings it shows. */
  total: number;
  onClose: () => void;
}

type Phase =
  | { kind: 'choose'; cancelled: boolean }
  | { kind: 'working'; done: number; total: number; cancelling: boolean }
  | { kind: 'done'; outcome: Exclude<ExportOutcome, { kind: 'cancelled' }> };

/** Hands a download to the browser (its download bar or panel shows it; the page stays). */
function startDownload(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The format chosen last, offered again the next time the dialog opens (while the app runs). */
let lastFormat: ExportFormat = 'csv';
function rememberFormat(format: ExportFormat): void {
  lastFormat = format;
}

/** The export's call for the source on screen. */
function exportOf(source: ExportSource, format: ExportFormat, language: UiLanguage): Promise<ExportOutcome> {
  if (source.channel === 'sold.export') return api.call('sold.export', { format, language, query: source.query });
  return api.call('inventory.export', { format, language, query: source.query });
}

export function ExportDialog({ source, total, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const [format, setChosenFormat] = useState<ExportFormat>(lastFormat);
  const setFormat = (next: ExportFormat) => {
    rememberFormat(next);
    setChosenFormat(next);
  };
  const [phase, setPhase] = useState<Phase>({ kind: 'choose', cancelled: false });
  const [error, setError] = useState<unknown>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useApiEvent('export.progress', (progress) => setPhase((p) => (p.kind === 'working' ? { ...p, ...progress } : p)));

  // The button that was focused goes away with its phase: focus follows to the one that replaces it.
  useEffect(() => {
    if (phase.kind === 'working') cancelRef.current?.focus();
    if (phase.kind === 'done') closeRef.current?.focus();
  }, [phase.kind]);

  const start = async () => {
    setError(null);
    setPhase({ kind: 'working', done: 0, total, cancelling: false });
    try {
      const outcome = await exportOf(source, format, f.language);
      if (outcome.kind === 'cancelled') {
        setPhase({ kind: 'choose', cancelled: true });
        return;
      }
      if (outcome.kind === 'download') startDownload(outcome.url, outcome.fileName);
      setPhase({ kind: 'done', outcome });
    } catch (e) {
      setError(e);
      setPhase({ kind: 'choose', cancelled: false });
    }
  };

  const cancel = () => {
    setPhase((p) => (p.kind === 'working' ? { ...p, cancelling: true } : p));
    // The export's own answer says 'cancelled'; a failed cancel leaves it running, still cancellable.
    api.call('inventory.cancelExport', {}).catch(() => setPhase((p) => (p.kind === 'working' ? { ...p, cancelling: false } : p)));
  };

  const working = phase.kind === 'working';
  let actions;
  if (phase.kind === 'choose')
    actions = (
      <>
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void start()}>
          {t('exportDialog.confirm', { count: total, n: f.number(total) })}
        </button>
      </>
    );
  else if (phase.kind === 'working')
    actions = (
      <button ref={cancelRef} type="button" className="button" onClick={cancel} disabled={phase.cancelling}>
        {t('common.cancel')}
      </button>
    );
  else
    actions = (
      <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
        {t('common.close')}
      </button>
    );

  return (
    <Dialog title={t('exportDialog.title')} onClose={onClose} busy={working} actions={actions} className="export-dialog">
      <p>{t(source.channel === 'sold.export' ? 'exportDialog.whatSold' : 'exportDialog.what')}</p>
      <fieldset className="radio-group" disabled={phase.kind !== 'choose'}>
        <legend>{t('exportDialog.format')}</legend>
        {EXPORT_FORMATS.map((value) => (
          <div key={value} className="export-format">
            <label className="check">
              <input
                type="radio"
                name={`${id}-format`}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
                aria-describedby={`${id}-${value}-hint`}
                {...(value === format ? { 'data-autofocus': true } : {})}
              />
              {t(`exportDialog.${value}`)}
            </label>
            <p id={`${id}-${value}-hint`} className="export-format__hint">
              {t(`exportDialog.${value}Hint`)}
            </p>
          </div>
        ))}
      </fieldset>
      {phase.kind === 'working' && (
        <Meter
          label={t('exportDialog.progressLabel')}
          value={phase.done}
          max={phase.total}
          valueText={t('exportDialog.progress', { done: f.number(phase.done), total: f.number(phase.total) })}
        />
      )}
      <div role="status" className="export-dialog__outcome">
        {phase.kind === 'done' && phase.outcome.kind === 'saved' && (
          <p className="callout callout--ok" data-testid="export-saved" data-file={phase.outcome.file}>
            {t('exportDialog.saved', { file: phase.outcome.file })}
          </p>
        )}
        {phase.kind === 'done' && phase.outcome.kind === 'download' && (
          <p className="callout callout--ok" data-testid="export-downloaded">
            {t('exportDialog.downloaded', { file: phase.outcome.fileName })}
          </p>
        )}
        {phase.kind === 'choose' && phase.cancelled && <p className="callout callout--info">{t('exportDialog.cancelled')}</p>}
      </div>
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}
