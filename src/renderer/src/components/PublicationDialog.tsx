// Confirms a publication request — unpublish, publish again, highlight on or off — for one listing
// or a bulk selection, and says exactly what will happen. Publish and highlight take room in the
// plan: the dialog says how much is left and what the request needs before anything is sent, and
// when there is none it says so and offers what frees room instead. Focus starts on Cancel.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FREES_ROOM } from '../../../shared/plan';
import type { PublicationAction, PublicationOutcome, PublicationOutcomeKind, PublicationRoom } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { useCodedText } from '../hooks/useCodedText';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';

interface Props {
  action: PublicationAction;
  references: readonly string[];
  onClose: () => void;
  onDone: (outcomes: PublicationOutcome[]) => void;
}

const ORDER: readonly PublicationOutcomeKind[] = ['sent', 'queued', 'refused', 'not_found', 'no_room'];

/** Which room of the plan an action takes. */
const TAKES = { publish: 'listings', highlight: 'highlights' } as const;

export function PublicationDialog({ action, references, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const codedText = useCodedText();
  const { notify, navigate } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [room, setRoom] = useState<PublicationRoom | null>(null);
  const count = references.length;
  const takes = action === 'publish' || action === 'highlight' ? TAKES[action] : null;

  useEffect(() => {
    if (takes === null) return;
    let live = true;
    api.call('publications.room', {}).then(
      (r) => live && setRoom(r),
      // Without the room the portal decides; the request still says what came of it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [takes]);

  const left = takes && room ? room[takes] : null;
  const noRoom = left !== null && left.left === 0;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcomes = await api.call('publications.request', { action, references: [...references] });
      const parts = ORDER.map((kind) => ({ kind, n: outcomes.filter((o) => o.outcome === kind).length }))
        .filter((p) => p.n > 0)
        .map((p) => t(`requestDialog.result.${p.kind}`, { count: p.n }));
      const refused = outcomes.filter((o) => o.outcome === 'refused' || o.outcome === 'no_room');
      notify(
        refused.length > 0 ? 'warning' : 'success',
        parts.join(' '),
        refused.map((o) => `${o.reference}: ${codedText(o) ?? o.message ?? ''}`).join('\n') || null,
      );
      onDone(outcomes);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  const danger = action === 'unpublish' || action === 'unhighlight';
  return (
    <Dialog
      title={t(`requestDialog.${action}.title`, { count })}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </button>
          {noRoom ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                onClose();
                // Straight to what frees this room (FREES_ROOM: on the portal, or highlighted).
                if (takes) navigate({ screen: 'inventory', filters: { ...FREES_ROOM[takes] } });
              }}
            >
              {t('requestDialog.freeRoom')}
            </button>
          ) : (
            <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={() => void confirm()} disabled={busy}>
              {busy ? t('requestDialog.working') : t(`requestDialog.${action}.confirm`, { count })}
            </button>
          )}
        </>
      }
    >
      {count === 1 && <p className="mono">{references[0]}</p>}
      <ul className="explain-list">
        <li>{t(`requestDialog.${action}.what`)}</li>
        {takes && left && (
          <li data-testid="plan-room" data-left={left.left} data-needed={count}>
            {t(`requestDialog.${takes}Left`, { left: left.left, limit: left.limit, count })}
          </li>
        )}
        <li>{t('requestDialog.pending')}</li>
        <li>{t('requestDialog.offline')}</li>
      </ul>
      {takes && left && left.left > 0 && left.left < count && (
        <p className="callout callout--warn" role="note">
          {t('requestDialog.partial', { left: left.left, count })}
        </p>
      )}
      {noRoom && takes && (
        <p className="callout callout--warn" role="alert">
          {t(`requestDialog.${takes}None`, { limit: left.limit })}
        </p>
      )}
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}
