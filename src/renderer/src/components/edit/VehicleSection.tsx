// What the vehicle is: brand → model → version, years, colour, fuel, gearbox, doors (cars only),
// mileage, plate (needed above 0 km; typed any way, sent as the portal wants) and RENAVAM.
import { useTranslation } from 'react-i18next';
import { KNOWN_COLORS, KNOWN_FUELS, KNOWN_GEARBOXES, normalizePlate } from '../../../../shared/vehicle';
import type { CatalogueItem } from '../../hooks/listingEditChannels';
import { CodeBox } from './CodeBox';
import { EditField } from './EditField';
import { EnumSelect } from './EnumSelect';
import type { SectionProps } from './formProps';
import { TrimSelects } from './TrimSelects';

interface Props extends SectionProps {
  /** What idOf puts before a field's name (the brand and model boxes are named by it too). */
  idPrefix: string;
  type: string | undefined;
  brands: readonly CatalogueItem[] | null;
  current: { brand: CatalogueItem | null; trim: CatalogueItem | null };
}

export function VehicleSection({ draft, set, idOf, errorsOf, idPrefix, type, brands, current }: Props) {
  const { t } = useTranslation();
  const plate = normalizePlate(draft.licensePlate);
  const text = (field: 'mileage' | 'manufacturedYear' | 'modelYear' | 'doors' | 'document', hint?: string, placeholder?: string) => (
    <EditField id={idOf(field)} label={t(`listingEdit.fields.${field}`)} errors={errorsOf(field)} hint={hint}>
      {(box) => (
        <input
          {...box}
          inputMode={field === 'document' ? 'text' : 'numeric'}
          autoComplete="off"
          value={draft[field]}
          placeholder={placeholder}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </EditField>
  );

  const choice = (field: 'color' | 'fuel' | 'gearbox', values: readonly string[]) => (
    <EnumSelect
      id={idOf(field)}
      kind={field}
      label={t(`listingEdit.fields.${field}`)}
      values={values}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      errors={errorsOf(field)}
    />
  );

  return (
    <fieldset className="edit-section">
      <legend>{t('listingEdit.sections.vehicle')}</legend>
      <TrimSelects
        idPrefix={idPrefix}
        brands={brands}
        current={current}
        value={{ brandId: draft.brandId, modelId: draft.modelId, trimId: draft.trimId }}
        onChange={(choice) => set(choice)}
        errors={errorsOf('trimId')}
      />
      <div className="edit-row">
        {text('manufacturedYear')}
        {text('modelYear', t('listingEdit.hints.modelYear'), draft.manufacturedYear)}
      </div>
      <div className="edit-row">
        {choice('color', KNOWN_COLORS)}
        {choice('fuel', KNOWN_FUELS)}
      </div>
      <div className="edit-row">
        {choice('gearbox', KNOWN_GEARBOXES)}
        {type === 'M' ? <p className="field__hint edit-row__note">{t('listingEdit.hints.noDoors')}</p> : text('doors')}
      </div>
      <div className="edit-row">
        {text('mileage')}
        <EditField
          id={idOf('licensePlate')}
          label={t('listingEdit.fields.licensePlate')}
          errors={errorsOf('licensePlate')}
          hint={
            <>
              {t('listingEdit.hints.plate')}
              {plate !== '' && plate !== draft.licensePlate && <strong> {t('listingEdit.hints.plateStored', { plate })}</strong>}
            </>
          }
        >
          {(box) => <CodeBox box={box} value={draft.licensePlate} onChange={(licensePlate) => set({ licensePlate })} />}
        </EditField>
      </div>
      {text('document', t('listingEdit.hints.document'))}
    </fieldset>
  );
}
