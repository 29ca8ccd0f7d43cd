// The edit form: every field of the write shape, the photos, the video link. Save checks the whole
// listing with the shared write schema, shows each error on its field in the dealer's words and
// moves focus to the first; a listing that passes is saved as an offline change (only the fields
// changed) and the form closes. The portal's refusal of an earlier save is shown on its field.
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingEdit, WriteIssue } from '../../../../shared/listing-write';
import type { Vehicle } from '../../../../shared/vehicle';
import { isBridgeError } from '../../api';
import type { CatalogueItem, CatalogueLists, FieldRefusal } from '../../hooks/listingEditChannels';
import { useCodedText, type Coded } from '../../hooks/useCodedText';
import { checkDraft, type EditDraft } from '../../logic/editDraft';
import { Dialog } from '../Dialog';
import { ErrorBox } from '../ErrorBox';
import { CataloguePicker } from './CataloguePicker';
import { fieldLabel } from './fieldLabel';
import { PhotoManager } from './PhotoManager';
import { PriceSection } from './PriceSection';
import { TextSection } from './TextSection';
import { VehicleSection } from './VehicleSection';
import { VideoSection } from './VideoSection';

interface Props {
  reference: string;
  vehicle: Vehicle;
  /** The form as it opens: the listing here, with a pending edit over it. */
  initial: EditDraft;
  catalogue: CatalogueLists;
  /** The most photos the plan allows per listing. */
  maxPhotos: number;
  /** Keys of the photo gaps whose address Showroom knows. */
  knownGaps: ReadonlySet<string>;
  /** The portal's refusal of the last save, in its words, on the fields it names. */
  refusal: readonly FieldRefusal[];
  /** The portal's refusal of the last save as a whole (a message code), when it gave one. */
  refusedWhole: Coded | null;
  onSave: (edit: Partial<ListingEdit>) => Promise<unknown>;
  onClose: () => void;
}

/** A refusal the session gives for a bad payload carries every failed field. */
function issuesOf(error: unknown): WriteIssue[] | null {
  if (!isBridgeError(error)) return null;
  const fields = (error.detail as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as WriteIssue[]) : null;
}

/** Fields with a box of their own in the form; the others' errors are said above it. */
const BOXED = new Set([
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
const own = (items: { id: number; name: string }[] | undefined): CatalogueItem[] => (items ?? []).map(({ id, name }) => ({ id, name }));
const merged = (list: CatalogueItem[] | null, mine: CatalogueItem[]) => [...(list ?? []), ...mine.filter((m) => !(list ?? []).some((i) => i.id === m.id))];

export function EditListingDialog({ reference, vehicle, initial, catalogue, maxPhotos, knownGaps, refusal, refusedWhole, onSave, onClose }: Props) {
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

  const idOf = (field: string) => `${idPrefix}-${field}`;
  const errorsOf = (field: string): string[] | undefined => {
    const mine = issues.filter((i) => i.field === field).map((i) => t(`codes.${i.code}`, { ...i.params }));
    const portal = refusal.filter((r) => r.field === field).map((r) => t('listingEdit.refusedField', { message: r.message }));
    const all = [...mine, ...portal];
    return all.length > 0 ? all : undefined;
  };
  const set = (patch: Partial<EditDraft>) => {
    setUnchanged(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const unboxed = issues.filter((i) => !BOXED.has(i.field));
  const refusedUnboxed = refusal.filter((r) => !BOXED.has(r.field)).map((r) => `${fieldLabel(t, r.field)}: ${r.message}`);
  // The whole refusal already says the portal refused it, in the portal's words; when those words
  // are on the fields they name, it says so without repeating them.
  const refusedLine =
    refusedWhole === null
      ? null
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
    const checked = checkDraft(initial, draft, reference, vehicle.type);
    if (!checked.ok) {
      setIssues(checked.issues);
      setChecks((c) => c + 1);
      return;
    }
    setIssues([]);
    if (Object.keys(checked.edit).length === 0) {
      setUnchanged(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(checked.edit);
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

  const current = {
    brand: vehicle.brand ? { id: vehicle.brand.id, name: vehicle.brand.name } : null,
    trim: vehicle.trim ? { id: vehicle.trim.id, name: vehicle.trim.name } : null,
  };
  const sectionProps = { draft, set, idOf, errorsOf };
  const picker = (field: 'accessories' | 'otherInfos', list: CatalogueItem[] | null, mine: { id: number; name: string }[] | undefined) => (
    <CataloguePicker
      id={idOf(field)}
      label={t(`listingEdit.fields.${field}`)}
      items={merged(list, own(mine))}
      chosen={draft[field]}
      onChange={(ids) => set({ [field]: ids })}
      errors={errorsOf(field)}
    />
  );
  const formId = `${idPrefix}-form`;

  return (
    <Dialog
      title={t('listingEdit.title', { reference })}
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
        {(errorCount > 0 || refusedUnboxed.length > 0 || refusedLine !== null) && (
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
          </div>
        )}
        <p className="muted small">{t('listingEdit.savedNote')}</p>
        <div className="edit-grid">
          <PriceSection {...sectionProps} />
          <VehicleSection {...sectionProps} idPrefix={idPrefix} type={vehicle.type} brands={catalogue.brands} current={current} />
          <TextSection {...sectionProps} />
          <fieldset className="edit-section edit-section--wide">
            <legend>{t('listingEdit.sections.extras')}</legend>
            {catalogue.accessories === null && <p className="field__hint">{t('listingEdit.catalogueMissing')}</p>}
            <div className="edit-row">
              {picker('accessories', catalogue.accessories, vehicle.accessories)}
              {picker('otherInfos', catalogue.otherInfos, vehicle.otherInfos)}
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
