// Every field of the vehicle, labelled in the dealer's language; enum values readable, unknown
// values as they came. Text from the portal is always rendered as text. A field the dealer's open
// edit changed shows the dealer's value marked pending, the portal's beside it.
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '../../../shared/vehicle';
import { doorCount, downPayment, installments, type Fact } from '../../../shared/vehicle-facts';
import { useFormat } from '../hooks/useFormat';
import type { Messages } from '../../../shared/i18n/en';
import { noPendingFields, type PendingFields } from './edit/pendingFields';
import { FieldList } from './FieldList';

/** `model`: the catalogue's name of its model (the listing carries only its id), null until mirrored. */
export function VehicleFields({ vehicle, model = null, pending = noPendingFields }: { vehicle: Vehicle; model?: string | null; pending?: PendingFields }) {
  const { t } = useTranslation();
  const f = useFormat();
  const v = vehicle;
  const yesNo = (b: boolean | undefined) => (b === undefined ? null : b ? t('common.yes') : t('common.no'));
  const label = (k: keyof Messages['detail']['fields']) => t(`detail.fields.${k}`);
  const factText = <T,>(fact: Fact<T>, show: (value: T) => string) => (fact === undefined ? null : fact === 'none' ? t('detail.none') : show(fact));

  return (
    <>
      <section className="detail-section" aria-labelledby="sec-price">
        <h2 id="sec-price">{t('detail.sections.price')}</h2>
        <FieldList
          items={[
            {
              key: 'value',
              label: label('value'),
              value: pending('value') ?? (v.value !== undefined ? <span className="price">{f.money(v.value)}</span> : null),
            },
            { key: 'deposit', label: label('deposit'), value: pending('deposit') ?? factText(downPayment(v), f.money) },
            {
              key: 'installments',
              label: label('installments'),
              value:
                pending('amountOfInstallments', 'amountPerInstallment') ??
                factText(installments(v), ({ count, amount }) =>
                  count !== undefined && amount !== undefined
                    ? t('detail.installmentsValue', { count, amount: f.money(amount) })
                    : count !== undefined
                      ? f.number(count)
                      : f.money(amount),
                ),
            },
          ]}
        />
      </section>
      <section className="detail-section" aria-labelledby="sec-vehicle">
        <h2 id="sec-vehicle">{t('detail.sections.vehicle')}</h2>
        <FieldList
          items={[
            { key: 'type', label: label('type'), value: pending('type') ?? (v.type !== undefined ? f.enumValue('type', v.type) : null) },
            { key: 'brand', label: label('brand'), value: v.brand?.name },
            // A pending trim may belong to another model: the trim's line says what is pending, and the model waits for the portal.
            ...(model !== null && pending('trimId') === null ? [{ key: 'model', label: label('model'), value: model }] : []),
            { key: 'trim', label: label('trim'), value: pending('trimId') ?? v.trim?.name },
            { key: 'modelYear', label: label('modelYear'), value: pending('modelYear') ?? v.modelYear },
            { key: 'manufacturedYear', label: label('manufacturedYear'), value: pending('manufacturedYear') ?? v.manufacturedYear },
            { key: 'fuel', label: label('fuel'), value: pending('fuel') ?? (v.fuel !== undefined ? f.enumValue('fuel', v.fuel) : null) },
            { key: 'gearbox', label: label('gearbox'), value: pending('gearbox') ?? (v.gearbox !== undefined ? f.enumValue('gearbox', v.gearbox) : null) },
            { key: 'color', label: label('color'), value: pending('color') ?? (v.color !== undefined ? f.enumValue('color', v.color) : null) },
            // A motorcycle's doors, or a 0 sent for none, is no fact: the field is left out.
            ...(doorCount(v) !== undefined || pending('doors') !== null
              ? [{ key: 'doors', label: label('doors'), value: pending('doors') ?? doorCount(v) }]
              : []),
            { key: 'mileage', label: label('mileage'), value: pending('mileage') ?? (v.mileage !== undefined ? f.km(v.mileage) : null) },
            { key: 'brandNew', label: label('brandNew'), value: yesNo(v.brandNew) },
            {
              key: 'licensePlate',
              label: label('licensePlate'),
              value: pending('licensePlate') ?? (v.licensePlate ? <span className="mono">{v.licensePlate}</span> : null),
            },
            { key: 'document', label: label('document'), value: pending('document') ?? (v.document ? <span className="mono">{v.document}</span> : null) },
          ]}
        />
      </section>
      <section className="detail-section" aria-labelledby="sec-listing">
        <h2 id="sec-listing">{t('detail.sections.listing')}</h2>
        <FieldList
          items={[
            { key: 'reference', label: label('reference'), value: v.reference ? <span className="mono">{v.reference}</span> : null },
            { key: 'title', label: label('title'), value: pending('title') ?? v.title },
            { key: 'active', label: label('active'), value: yesNo(v.active) },
            { key: 'updatedAt', label: label('updatedAt'), value: v.updatedAt ? f.dateTime(v.updatedAt) : null },
          ]}
        />
      </section>
      <section className="detail-section" aria-labelledby="sec-accessories">
        <h2 id="sec-accessories">{t('detail.sections.accessories')}</h2>
        {pending('accessories') ?? <NamedChips items={v.accessories} empty={t('detail.noItems')} />}
      </section>
      <section className="detail-section" aria-labelledby="sec-other">
        <h2 id="sec-other">{t('detail.sections.otherInfos')}</h2>
        {pending('otherInfos') ?? <NamedChips items={v.otherInfos} empty={t('detail.noItems')} />}
      </section>
      <section className="detail-section" aria-labelledby="sec-description">
        <h2 id="sec-description">{t('detail.sections.description')}</h2>
        {pending('description') ?? (v.description ? <p className="description">{v.description}</p> : <p className="muted">{t('detail.noDescription')}</p>)}
      </section>
    </>
  );
}

function NamedChips({ items, empty }: { items: { id: number; name: string }[] | undefined; empty: string }) {
  if (!items || items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="chips">
      {items.map((item, i) => (
        <li key={`${item.id}-${i}`} className="chip">
          {item.name}
        </li>
      ))}
    </ul>
  );
}
