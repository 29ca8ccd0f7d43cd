// What a model is called where the listing gives only its id (the model filter, the top models): the
// catalogue's name as a sync mirrored it (shared/catalogue.ts), else the id.
import { useTranslation } from 'react-i18next';
import { catalogueModelName } from '../../../shared/catalogue';
import { useChannel } from '../query/useChannel';

export function useModelLabel(): (modelId: string) => string {
  const { t } = useTranslation();
  const view = useChannel('catalogue.get', {}).data;
  return (modelId) => (view === undefined ? undefined : catalogueModelName(view, Number(modelId))) ?? t('filters.modelId', { id: modelId });
}
