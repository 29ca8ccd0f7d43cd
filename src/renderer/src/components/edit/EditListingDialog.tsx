// The listing form: every field of the write shape, the photos, the video link. Save checks the
// whole listing with the shared write schema, shows each error on its field in the dealer's words
// and moves focus to the first; a listing that passes is saved as an offline change and the form
// closes. The portal's refusal of an earlier save is shown on its field. It edits a listing of the
// inventory (only the fields changed are saved) or creates one (`create`: the reference and the
// type are the dealer's to give too, and the whole listing is saved).
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingEdit, ListingWrite, WriteIssue } from '../../../../shared/listing-write';
import type { Vehicle } from '../../../../shared/vehicle';
import { isBridgeError } from '../../api';
import { useCatalogue, type CatalogueItem, type FieldRefusal } from '../../hooks/listingEditChannels';
import { useCodedText, type Coded } from '../../hooks/useCodedText';
import { checkDraft, checkNewListing, type EditDraft } from '../../logic/editDraft';
import { Dialog } from '../Dialog';
import { ErrorBox } from '../ErrorBox';
import { CataloguePicker } from './CataloguePicker';
import { fieldLabel } from './fieldLabel';
import { ListingSection, type ListingIdentity } from './ListingSection';
import { PhotoManager } from './PhotoManager';
import { PriceSection } from './PriceSection';
import { TextSection } from './TextSection';
import { VehicleSection } from './VehicleSection';
import { VideoSection } from './VideoSection';

/** A new listing: the reference and type it opens with, and the listing it duplicates, if any. */
export interface NewListingStart extends ListingIdentity {
  duplicateOf: string | null;
}

interface Props {
  /** The listing edited (for a new one: what it starts from, if anything). */
  reference: string;
  vehicle: Vehicle | null;
  /** Given: the form creates a listing instead of editing one. */
  create?: NewListingStart;
  /** The form as it opens: the listing here, with a pending edit over it. */
  initial: EditDraft;
  /** The most photos the plan allows per listing. */
  maxPhotos: number;
  /** Keys of the photo gaps whose address Showroom knows. */
  knownGaps: ReadonlySet<string>;
  /** The portal's refusal of the last save, in its words, on the fields it names. */
  refusal: readonly FieldRefusal[];
  /** The portal's refusal of the last save as a whole (a message code), when it gave one. */
  refusedWhole: Coded | null;
  /** Showroom's own checks refused the last save before it was sent (it no longer passes them): each failed field. */
  checked?: readonly WriteIssue[];
  /** An edit's changed fields, or a new listing whole. */
  onSave: (fields: Partial<ListingEdit> | ListingWrite) => Promise<unknown>;
  onClose: () => void;
}

/** A refusal the session gives for a bad payload carries every failed field. */
/** An edit's outcome (shared/pending-changes.ts EditOutcome) that says the portal refused it. */
const refusedOutcome = (outcome: unknown): boolean =>
  typeof outcome === 'object' && outcome !== null && (outcome as { outcome?: unknown }).outcome === 'refused';

function issuesOf(error: unknown): WriteIssue[] | null {
  if (!isBridgeError(error)) return null;
  const fields = (error.detail as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as WriteIssue[]) : null;
}

/** Fields with a box of their own in the form; the others' errors are said above it. */
const BOXED = new Set([
  'reference',
  'type',
  'value',
  'deposit',
  'amountOfInstallments',
  'amountPerInstallment',
  'mileage',
  'licensePlate',
  'title',
  'description',
  'color',
  'fuel',
  'gearbox',
  'doors',
  'manufacturedYear',
  'modelYear',
  'document',
  'accessories',
  'otherInfos',
  'trimId',
  'videoUrl',
  'pictures',
]);

/** The listing's own items, offered when the catalogue is not kept here. */
const ownItems = (items: { id: number; name: string }[] | undefined): CatalogueItem[] => (items ?? []).map(({ id, name }) => ({ id, name }));
const merged = (list: CatalogueItem[] | null, mine: CatalogueItem[]) => [...(list ?? []), ...mine.filter((m) => !(list ?? []).some((i) => i.id === m.id))];

export function EditListingDialog({ reference, vehicle, create, initial, maxPhotos, knownGaps, refusal, refusedWhole, checked = [], onSave, onClose }: Props) {
  const { t } = useTranslation();
  const codedText = useCodedText();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [issues, setIssues] = useState<WriteIssue[]>([]);
  const [checks, setChecks] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [unchanged, setUnchanged] = useState(false);
  const [identity, setIdentity] = useState<ListingIdentity>({ reference: create?.reference ?? reference, type: create?.type ?? vehicle?.type ?? '' });
  const type = identity.type;
  const catalogue = useCatalogue(type).data;

  const idOf = (field: string) => `${idPrefix}-${field}`;
  const errorsOf = (field: string): string[] | undefined => {
    const mine = issues.filter((i) => i.field === field).map((i) => t(`codes.${i.code}`, { ...i.params }));
    const portal = refusal.filter((r) => r.field === field).map((r) => t('listingEdit.refusedField', { message: r.message }));
    const ours = checked.filter((i) => i.field === field).map((i) => t('listingEdit.checkedField', { message: t(`codes.${i.code}`, { ...i.params }) }));
    const all = [...mine, ...portal, ...ours];
    return all.length > 0 ? all : undefined;
  };
  const set = (patch: Partial<EditDraft>) => {
    setUnchanged(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const unboxed = issues.filter((i) => !BOXED.has(i.field));
  const refusedUnboxed = refusal.filter((r) => !BOXED.has(r.field)).map((r) => `${fieldLabel(t, r.field)}: ${r.message}`);
  const checkedUnboxed = checked.filter((i) => !BOXED.has(i.field)).map((i) => `${fieldLabel(t, i.field)}: ${t(`codes.${i.code}`, { ...i.params })}`);
  // The whole refusal already says the portal refused it, in the portal's words; when those words
  // are on the fields they name, it says so without repeating them. Refused by our own checks, its
  // code says so (and how many fields), and each field says what fails.
  const refusedLine =
    refusedWhole === null
      ? null
      : checked.length > 0
        ? (codedText(refusedWhole) ?? refusedWhole.code ?? '')
        : refusal.length > 0
          ? t('listingEdit.pending.refused')
          : t('listingEdit.refused', { message: codedText(refusedWhole) ?? refusedWhole.code ?? '' });
  const errorCount = new Set(issues.map((i) => i.field)).size;

  // After a check that failed, the first field in error takes the focus (in the form's order).
  useEffect(() => {
    if (checks === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-focus]');
    // Centred, so its label and its error are in view with it.
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: 'center' });
  }, [checks]);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    const checked = create ? checkNewListing(draft, identity.reference, type) : checkDraft(initial, draft, reference, type);
    if (!checked.ok) {
      setIssues(checked.issues);
      setChecks((c) => c + 1);
      return;
    }
    setIssues([]);
    const fields = 'listing' in checked ? checked.listing : checked.edit;
    if (Object.keys(fields).length === 0) {
      setUnchanged(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await onSave(fields);
      // Refused by the portal, which answered at once: the form stays open, and the listing's refusal,
      // read back, puts the portal's words on their fields (closing it to reopen it raced the read).
      if (create === undefined && refusedOutcome(outcome)) {
        setBusy(false);
        return;
      }
      onClose();
    } catch (err) {
      setBusy(false);
      const refused = issuesOf(err);
      if (refused) {
        setIssues(refused);
        setChecks((c) => c + 1);
      } else setError(err);
    }
  };

  // A new listing's type chosen anew: the duplicated listing's brand and version no longer apply.
  const own = vehicle !== null && vehicle.type === type ? vehicle : null;
  const current = {
    brand: own?.brand ? { id: own.brand.id, name: own.brand.name } : null,
    trim: own?.trim ? { id: own.trim.id, name: own.trim.name } : null,
  };
  const sectionProps = { draft, set, idOf, errorsOf };
  const picker = (field: 'accessories' | 'otherInfos', list: CatalogueItem[] | null, mine: { id: number; name: string }[] | undefined) => (
    <CataloguePicker
      id={idOf(field)}
      label={t(`listingEdit.fields.${field}`)}
      items={merged(list, ownItems(mine))}
      chosen={draft[field]}
      onChange={(ids) => set({ [field]: ids })}
      errors={errorsOf(field)}
    />
  );
  const formId = `${idPrefix}-form`;

  return (
    <Dialog
      title={
        create === undefined
          ? t('listingEdit.title', { reference })
          : create.duplicateOf === null
            ? t('newListing.title')
            : t('newListing.titleFrom', { reference: create.duplicateOf })
      }
      onClose={onClose}
      busy={busy}
      className="edit-dialog"
      actions={
        <>
          {unchanged && <span className="muted">{t('listingEdit.unchanged')}</span>}
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('listingEdit.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            {busy ? t('listingEdit.saving') : t('listingEdit.save')}
          </button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="edit-form" onSubmit={(e) => void save(e)} noValidate>
        {(errorCount > 0 || refusedUnboxed.length > 0 || checkedUnboxed.length > 0 || refusedLine !== null) && (
          <div className="callout callout--danger" role="alert" data-testid="edit-errors">
            {errorCount > 0 && <p className="callout__strong">{t('listingEdit.errors', { count: errorCount })}</p>}
            {unboxed.map((i) => (
              <p key={`${i.field}-${i.code}`}>
                {fieldLabel(t, i.field)}: {t(`codes.${i.code}`, { ...i.params })}
              </p>
            ))}
            {refusedLine !== null && <p>{refusedLine}</p>}
            {refusedUnboxed.map((message) => (
              <p key={message}>{t('listingEdit.refused', { message })}</p>
            ))}
            {checkedUnboxed.map((message) => (
              <p key={message}>{t('listingEdit.checkedField', { message })}</p>
            ))}
          </div>
        )}
        <p className="muted small">{t(create ? 'newListing.savedNote' : 'listingEdit.savedNote')}</p>
        <div className="edit-grid">
          {create && (
            <ListingSection
              value={identity}
              onChange={(next) => {
                // Brands and accessories are the type's own: another type starts them over.
                if (next.type !== identity.type) set({ brandId: null, modelId: null, trimId: null, accessories: [] });
                setIdentity(next);
              }}
              idOf={idOf}
              errorsOf={errorsOf}
            />
          )}
          {/* Two columns that stack their sections each at its own height: in one grid row a short
              section beside the tall Vehicle left a blank band under it. */}
          <div className="edit-column">
            <PriceSection {...sectionProps} />
            <TextSection {...sectionProps} />
          </div>
          <div className="edit-column">
            <VehicleSection {...sectionProps} idPrefix={idPrefix} type={type} brands={catalogue.brands} current={current} />
          </div>
          <fieldset className="edit-section edit-section--wide">
            <legend>{t('listingEdit.sections.extras')}</legend>
            {catalogue.accessories === null && <p className="field__hint">{t('listingEdit.catalogueMissing')}</p>}
            <div className="edit-row">
              {picker('accessories', catalogue.accessories, own?.accessories)}
              {picker('otherInfos', catalogue.otherInfos, vehicle?.otherInfos)}
            </div>
          </fieldset>
          <fieldset className="edit-section edit-section--wide">
            <legend id={idOf('pictures')} tabIndex={-1} {...(errorsOf('pictures') ? { 'data-error-focus': true } : {})}>
              {t('listingEdit.sections.photos')}
            </legend>
            <PhotoManager
              slots={draft.photos}
              onChange={(photos) => set({ photos })}
              max={maxPhotos}
              knownGaps={knownGaps}
              error={errorsOf('pictures')?.join(' ')}
            />
          </fieldset>
          <VideoSection {...sectionProps} />
        </div>
        {error !== null && <ErrorBox error={error} />}
      </form>
    </Dialog>
  );
}
