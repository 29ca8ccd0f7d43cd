// One listing: every field, photos, publication state and history, data problems, and its publication requests.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../query/useChannel';
import { listingTitle } from '../../../shared/vehicle';
import type { PublicationAction, VehicleDetailView } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { ListingEditDialogs, useCatalogueNames, type EditDialog } from '../components/edit/ListingEditDialogs';
import { NewListingDialog } from '../components/edit/NewListingDialog';
import { PendingEditPanel } from '../components/edit/PendingEditPanel';
import { PendingValue } from '../components/edit/PendingValue';
import { pendingFields } from '../components/edit/pendingFields';
import { RejectedPhotosFix } from '../components/edit/RejectedPhotosFix';
import { ErrorBox } from '../components/ErrorBox';
import { PhotoGallery } from '../components/PhotoGallery';
import { PriceHistory } from '../components/PriceHistory';
import { PendingSalePanel, usePendingSale } from '../components/sold/PendingSalePanel';
import { SellDialog } from '../components/sold/SellDialog';
import { ProblemList } from '../components/ProblemList';
import { PublicationBadges } from '../components/PublicationBadges';
import { PublicationPanel } from '../components/PublicationPanel';
import { PublicationDialog } from '../components/PublicationDialog';
import { VehicleFields } from '../components/VehicleFields';
import { useFormat } from '../hooks/useFormat';
import { useNow } from '../hooks/useNow';
import { discardEdit, pendingEditOf, type PendingEditView } from '../hooks/listingEditChannels';
import { useReopenOnRefusal } from '../hooks/useReopenOnRefusal';
import { useVehicle } from '../hooks/useVehicle';

export function VehicleDetailScreen({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const { navigate, reportError, sync } = useApp();
  const f = useFormat();
  const now = useNow();
  const { data: detail, error, refetch } = useVehicle(reference);
  // The plan's room, for the next step of a listing off the portal.
  const { data: room } = useChannel('publications.room', {});
  const reload = () => void refetch();
  // The answer comes back through the cache's change once the photos are fetched (or failed again).
  const retryPhotos = () => void api.call('vehicles.get', { reference, retryPhotos: true }).catch(reportError);
  const [confirming, setConfirming] = useState<PublicationAction | null>(null);
  const [showRaw, setShowRaw] = useState(false);
  const [editDialog, setEditDialog] = useState<EditDialog>(null);
  const [selling, setSelling] = useState(false);
  const sale = usePendingSale(reference);
  const [duplicating, setDuplicating] = useState(false);
  const edit = detail ? pendingEditOf(detail) : null;
  // A refused edit opens the form again, with the dealer's values and the portal's words on the field.
  useReopenOnRefusal(edit, () => setEditDialog('edit'));
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shownReference = detail?.reference;
  useEffect(() => {
    // Once per listing shown, not on every refresh of it.
    if (shownReference) headingRef.current?.focus();
  }, [shownReference]);

  // Esc and Alt+← leave the listing, unless a dialog over it takes the key (its own Esc closes it).
  const leave = useEffectEvent((e: KeyboardEvent) => {
    const back = e.key === 'Escape' ? !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey : e.key === 'ArrowLeft' && e.altKey && !e.ctrlKey && !e.metaKey;
    if (!back || e.defaultPrevented || confirming || document.querySelector('dialog[open]')) return;
    e.preventDefault();
    navigate({ screen: 'inventory' });
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => leave(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const back = (
    <button type="button" className="button button--ghost" onClick={() => navigate({ screen: 'inventory' })} aria-keyshortcuts="Escape Alt+ArrowLeft">
      ← {t('detail.back')}
    </button>
  );

  if (!detail) {
    return (
      <section className="detail" data-reference={reference}>
        {back}
        {error !== null ? <ErrorBox error={error} onRetry={reload} /> : <p className="muted">{t('common.loading')}</p>}
      </section>
    );
  }

  const v = detail.vehicle;
  const pendingPrice = edit?.fields.find((field) => field.field === 'value');
  const makeModelTrim = [v.brand?.name, detail.model, v.trim?.name].filter(Boolean);
  // A sync that ended after the run that read this listing found it unchanged (a quick sync reads
  // only what changed): the listing is as on the portal at that sync, the time the top bar gives.
  const asOf = detail.syncedAt && sync.lastSuccessAt && sync.lastSuccessAt > detail.syncedAt ? sync.lastSuccessAt : detail.syncedAt;
  const openUrl = (url: string) => api.call('shell.openListing', { url }).catch(reportError);
  // The session says 'changed' once discarded: the listing is read again.
  const discard = () => api.call('changes.discard', { reference: detail.reference }).catch(reportError);

  return (
    <section className="detail" data-reference={detail.reference} aria-labelledby="detail-title">
      <div className="detail__top">{back}</div>
      <header className="detail__header">
        <div>
          <h1 id="detail-title" ref={headingRef} tabIndex={-1}>
            {listingTitle(v) ?? t('detail.untitled')}
          </h1>
          <p className="muted">
            <span className="mono">{detail.reference}</span>
            {makeModelTrim.length > 0 && ` · ${makeModelTrim.join(' ')}`}
            {asOf && ` · ${t('detail.syncedAt', { when: f.relative(asOf, now) })}`}
          </p>
          <PublicationBadges
            showOnPortal
            t={t}
            row={{
              publication: detail.publication,
              rejectedPhotoCount: detail.rejectedPositions.length,
              urlReady: Boolean(v.url),
              problemCount: detail.problems.length,
              active: v.active ?? null,
            }}
          />
        </div>
        <div className="detail__aside">
          {typeof pendingPrice?.mine === 'number' ? (
            <div className="detail__price">
              <PendingValue
                t={t}
                value={f.money(pendingPrice.mine)}
                portal={f.money(typeof pendingPrice.portal === 'number' ? pendingPrice.portal : v.value)}
              />
            </div>
          ) : (
            v.value !== undefined && <div className="detail__price">{f.money(v.value)}</div>
          )}
          <div className="detail__actions">
            <button type="button" className="button button--primary" onClick={() => setEditDialog('edit')} title={t('listingEdit.openHint')}>
              {t('listingEdit.open')}
            </button>
            <button type="button" className="button" aria-haspopup="dialog" onClick={() => setDuplicating(true)} title={t('newListing.duplicateHint')}>
              {t('newListing.duplicate')}
            </button>
            {sale === null && (
              <button type="button" className="button button--danger" onClick={() => setSelling(true)}>
                {t('sold.action')}
              </button>
            )}
          </div>
        </div>
      </header>
      {error !== null && <ErrorBox error={error} onRetry={reload} />}

      <div className="detail__grid">
        <div className="detail__col">
          <PendingSalePanel reference={detail.reference} />
          {edit && (
            <PendingEditPanelFor
              detail={detail}
              edit={edit}
              onDiscard={() => void discardEdit(detail.reference).catch(reportError)}
              onFix={() => setEditDialog('edit')}
              onResolve={() => setEditDialog('conflict')}
            />
          )}
          <PublicationPanel
            state={detail.publication}
            url={v.url || undefined}
            history={detail.history}
            onOpenUrl={(url) => void openUrl(url)}
            onRequest={setConfirming}
            onDiscard={() => void discard()}
            listingRoom={room?.listings ?? null}
          />
          <section className="detail-section" aria-labelledby="sec-photos">
            <h2 id="sec-photos">
              {t('detail.sections.photos')} <span className="muted small">{t('photos.count', { count: detail.photos.length })}</span>
            </h2>
            <RejectedPhotosFix detail={detail} onEdit={() => setEditDialog('edit')} />
            <PhotoGallery photos={detail.photos} rejected={detail.rejectedPositions} online={sync.online !== false} onRetry={retryPhotos} />
          </section>
          <section className="detail-section" aria-labelledby="sec-problems">
            <h2 id="sec-problems">{t('detail.sections.problems')}</h2>
            <ProblemList problems={detail.problems} />
          </section>
        </div>
        <div className="detail__col">
          {edit ? <VehicleFieldsWithEdit detail={detail} edit={edit} /> : <VehicleFields vehicle={v} model={detail.model} />}
          <PriceHistory reference={detail.reference} />
          <section className="detail-section" aria-labelledby="sec-raw">
            <h2 id="sec-raw">{t('detail.sections.raw')}</h2>
            <button type="button" className="link-button" aria-expanded={showRaw} onClick={() => setShowRaw((s) => !s)}>
              {showRaw ? t('detail.hideRaw') : t('detail.showRaw')}
            </button>
            {showRaw && <pre className="raw-json">{JSON.stringify(detail.raw, null, 2)}</pre>}
          </section>
        </div>
      </div>

      {selling && <SellDialog references={[detail.reference]} onClose={() => setSelling(false)} />}
      <ListingEditDialogs detail={detail} edit={edit} open={editDialog} onClose={() => setEditDialog(null)} />
      {duplicating && <NewListingDialog from={{ duplicate: detail }} onClose={() => setDuplicating(false)} />}
      {confirming && (
        <PublicationDialog action={confirming} references={[detail.reference]} onClose={() => setConfirming(null)} onDone={() => setConfirming(null)} />
      )}
    </section>
  );
}

/** The listing's fields, those the open edit changed shown pending (the catalogue read for the names of the ids it shows). */
function VehicleFieldsWithEdit({ detail, edit }: { detail: VehicleDetailView; edit: PendingEditView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const names = useCatalogueNames(detail);
  return <VehicleFields vehicle={detail.vehicle} model={detail.model} pending={pendingFields(edit, names, f, t)} />;
}

/** The pending edit's panel, with the catalogue's names for the ids it shows. */
function PendingEditPanelFor(props: Omit<Parameters<typeof PendingEditPanel>[0], 'names'> & { detail: VehicleDetailView }) {
  const names = useCatalogueNames(props.detail);
  return <PendingEditPanel {...props} names={names} />;
}
