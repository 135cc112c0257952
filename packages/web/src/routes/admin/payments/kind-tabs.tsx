import { Button, Group } from '@mantine/core';
import { ProviderObjectKind } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The provider's kinds of objects, one link each; the current one is marked. */
export function KindTabs({ provider, current }: { provider: string; current: ProviderObjectKind }) {
  const { t } = useTranslation(['admin', 'navigation']);
  return (
    <Group gap={6} mb="md" component="nav" aria-label={t('admin:providerObjects.kinds')}>
      {ProviderObjectKind.options.map((kind) => (
        <Button
          key={kind}
          component={Link}
          to={`/admin/${encodeURIComponent(provider)}/${kind}`}
          size="xs"
          variant={kind === current ? 'filled' : 'default'}
          aria-current={kind === current ? 'page' : undefined}
          data-testid={`provider-kind-${kind}`}
        >
          {t(`navigation:titles.payments.${kind}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The address of one provider object's page. */
export const objectPath = (provider: string, kind: ProviderObjectKind, id: string) =>
  `/admin/${encodeURIComponent(provider)}/${kind}/${encodeURIComponent(id)}`;
