import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Organisation } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleQueries, hasRole } from '../../lib/console-api.js';
import { CreateOrgDialog } from '../../ui/create-org-dialog.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states.js';

export const orgHref = (org: string, tab?: string, extra = '') =>
  `/dashboard/org/${encodeURIComponent(org)}${tab ? `?tab=${tab}${extra}` : ''}`;

/** /dashboard: the user's organisations, creating one, and the first steps for a new user. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [creating, setCreating] = useState(false);
  const orgs = useQuery(consoleQueries.orgs());

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('subtitle')}</Text>
          </div>
          <Button onClick={() => setCreating(true)} data-testid="org-create">
            {t('orgs.create')}
          </Button>
        </Group>

        {orgs.isPending && <ListSkeleton rows={2} height={120} />}
        {orgs.isError && (
          <ErrorState title={t('orgs.loadFailed')} error={orgs.error} onRetry={() => orgs.refetch()} />
        )}
        {orgs.data && orgs.data.length > 0 && <GettingStarted orgs={orgs.data} />}
        {orgs.data && (
          <section aria-labelledby="orgs-heading">
            <Title order={2} size="h3" id="orgs-heading" mb="sm">
              {t('organizations')}
            </Title>
            {orgs.data.length === 0 ? (
              <EmptyState
                title={t('noOrganizations')}
                action={<Button onClick={() => setCreating(true)}>{t('orgs.create')}</Button>}
              >
                {t('orgs.emptyHint')}
              </EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {orgs.data.map((org) => (
                  <OrgCard key={org.slug} org={org} />
                ))}
              </SimpleGrid>
            )}
          </section>
        )}
      </Stack>
      <CreateOrgDialog opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}

function OrgCard({ org }: { org: Organisation }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={orgHref(org.slug)} data-testid="org-card">
      <Stack gap={6}>
        <Text fw={700} size="lg" truncate>
          {org.name}
        </Text>
        <Text ff="monospace" size="sm" c="dimmed" truncate>
          {org.slug}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{t(`roles.${org.role}`)}</Badge>
          {org.personal && <Badge variant="outline">{t('orgs.personal')}</Badge>}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * First steps for a new user, on the organisation they can manage (their personal one first):
 * organisation → series → API key, each step linking straight to the form it needs.
 */
function GettingStarted({ orgs }: { orgs: Organisation[] }) {
  const { t } = useTranslation('dashboard');
  const target =
    orgs.find((o) => o.personal && hasRole(o.role, 'admin')) ?? orgs.find((o) => hasRole(o.role, 'admin'));
  const series = useQuery({
    ...consoleQueries.seriesList(target?.slug ?? ''),
    enabled: !!target,
  });
  const keys = useQuery({
    ...consoleQueries.apiKeys(target?.slug ?? ''),
    enabled: !!target,
  });
  if (!target || !series.data || !keys.data) return null;
  const hasSeries = series.data.length > 0;
  const hasKey = keys.data.length > 0;
  if (hasSeries && hasKey) return null;

  const steps = [
    { key: 'org', done: true, href: orgHref(target.slug) },
    { key: 'series', done: hasSeries, href: orgHref(target.slug, 'series', '&create=1') },
    { key: 'key', done: hasKey, href: orgHref(target.slug, 'keys', '&create=1') },
  ];
  const next = steps.find((s) => !s.done)?.key;

  return (
    <Paper withBorder radius="md" p="lg" data-testid="getting-started">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('start.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('start.subtitle', { name: target.name })}
          </Text>
        </div>
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((step, i) => (
            <Group key={step.key} component="li" wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon
                radius="xl"
                size="lg"
                variant={step.done ? 'filled' : 'light'}
                color={step.done ? 'green' : undefined}
                aria-hidden="true"
              >
                {step.done ? '✓' : i + 1}
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1 }} align="flex-start">
                <Text fw={600}>
                  {t(`start.${step.key}.title`)}
                  {step.done && <VisuallyHidden> — {t('start.done')}</VisuallyHidden>}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`start.${step.key}.text`)}
                </Text>
                {step.key === next && (
                  <Button component={Link} to={step.href} size="sm" mt={4} data-testid={`start-${step.key}`}>
                    {t(`start.${step.key}.action`)}
                  </Button>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
