// Brand → model → trim from the catalogue kept here: choosing a brand lists its models, a model
// its trims; a change higher up clears what hung below it. Without the catalogue, the listing's
// own brand and trim stay chosen (the portal needs the trim by id).
import { useTranslation } from 'react-i18next';
import { useCatalogueChildren, type CatalogueItem } from '../../hooks/listingEditChannels';
import { EditField } from './EditField';

export interface TrimChoice {
  brandId: number | null;
  modelId: number | null;
  trimId: number | null;
}

interface Props {
  idPrefix: string;
  brands: readonly CatalogueItem[] | null;
  value: TrimChoice;
  /** The listing's own brand and trim, offered when the catalogue does not have them. */
  current: { brand: CatalogueItem | null; trim: CatalogueItem | null };
  onChange: (choice: TrimChoice) => void;
  errors?: readonly string[] | undefined;
}

/** The catalogue's list, with the listing's own item when the list lacks it. */
function withCurrent(list: readonly CatalogueItem[] | null | undefined, current: CatalogueItem | null): readonly CatalogueItem[] {
  const items = list ?? [];
  return current && !items.some((i) => i.id === current.id) ? [current, ...items] : items;
}

export function TrimSelects({ idPrefix, brands, value, current, onChange, errors }: Props) {
  const { t } = useTranslation();
  const models = useCatalogueChildren('models', value.brandId).data;
  const trims = useCatalogueChildren('trims', value.modelId).data;
  const number = (text: string) => (text === '' ? null : Number(text));
  const sameModel = value.brandId === current.brand?.id;

  const select = (
    field: 'brand' | 'model' | 'trim',
    items: readonly CatalogueItem[],
    chosen: number | null,
    disabledWhy: string | null,
    set: (id: number | null) => void,
    fieldErrors?: readonly string[],
  ) => (
    <EditField id={`${idPrefix}-${field === 'trim' ? 'trimId' : field}`} label={t(`listingEdit.fields.${field}`)} errors={fieldErrors}>
      {(box) => (
        <select {...box} value={chosen ?? ''} disabled={disabledWhy !== null} onChange={(e) => set(number(e.target.value))}>
          <option value="">{disabledWhy ?? t('listingEdit.choose')}</option>
          {items.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
          {chosen !== null && !items.some((i) => i.id === chosen) && <option value={chosen}>{t('listingEdit.picker.unknown', { id: chosen })}</option>}
        </select>
      )}
    </EditField>
  );

  return (
    <div className="trim-selects">
      {select('brand', withCurrent(brands, current.brand), value.brandId, null, (brandId) => onChange({ brandId, modelId: null, trimId: null }))}
      {select('model', models ?? [], value.modelId, value.brandId === null ? t('listingEdit.chooseBrandFirst') : null, (modelId) =>
        onChange({ ...value, modelId, trimId: null }),
      )}
      {select(
        'trim',
        withCurrent(trims, sameModel ? current.trim : null),
        value.trimId,
        value.modelId === null && !(sameModel && value.trimId !== null) ? t('listingEdit.chooseModelFirst') : null,
        (trimId) => onChange({ ...value, trimId }),
        errors,
      )}
    </div>
  );
}
