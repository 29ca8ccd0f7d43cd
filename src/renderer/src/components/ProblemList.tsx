// Fields the portal sent that could not be read (the listing is kept and shown anyway).
import { useTranslation } from 'react-i18next';
import type { VehicleProblem } from '../../../shared/vehicle';
import type { Messages } from '../../../shared/i18n/en';

export function ProblemList({ problems }: { problems: readonly VehicleProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return <p className="muted">{t('detail.noProblems')}</p>;
  const fields: Messages['detail']['fields'] = t('detail.fields', { returnObjects: true });
  return (
    <ul className="problems">
      {problems.map((p, i) => (
        <li key={`${p.field}-${i}`} data-field={p.field}>
          <strong>{Object.hasOwn(fields, p.field) ? fields[p.field as keyof typeof fields] : p.field}</strong> <span className="mono small">({p.field})</span>:{' '}
          {p.message}
        </li>
      ))}
    </ul>
  );
}
