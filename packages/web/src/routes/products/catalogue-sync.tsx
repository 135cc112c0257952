import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { body, client } from '../../lib/api.js';
import { useProvider } from '../admin/use-provider.js';

const syncCatalogue = (provider: string) =>
  body(client.POST('/admin/{provider}/catalogue/sync', { params: { path: { provider } }, auth: 'required' }));

/**
 * Staff's "sync now" of the plans and prices with the payment provider (checkout syncs on demand
 * too; this is for after an edit, or to see that the provider takes the catalogue), and its result.
 */
export function CatalogueSync() {
  const { t, i18n } = useTranslation('billing');
  const provider = useProvider();
  const sync = useMutation({ mutationFn: () => syncCatalogue(provider) });
  const result = sync.data;
  return (
    <Group gap="sm" align="center" mb="md" data-testid="catalogue-sync">
      <Button
        variant="default"
        loading={sync.isPending}
        onClick={() => sync.mutate()}
        data-testid="catalogue-sync-button"
      >
        {t('catalogueSync.button')}
      </Button>
      {result && !sync.isPending && (
        <Text size="sm" role="status" data-testid="catalogue-sync-result">
          {t(result.joined ? 'catalogueSync.joined' : 'catalogueSync.done', {
            products: result.products,
            prices: result.prices,
            provider: t(`catalogueSync.providers.${result.provider}`),
            time: new Date(result.finished_at).toLocaleTimeString(i18n.resolvedLanguage),
          })}
        </Text>
      )}
      {sync.isError && (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="catalogue-sync-error">
          {t('catalogueSync.failed', { message: sync.error.message })}
        </Alert>
      )}
    </Group>
  );
}
