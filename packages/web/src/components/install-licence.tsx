import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type PublicInstallLicence, type PublicLicenceRevocation, staffLevelOf } from '@slugsmith/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../auth/account.js';
import { useInstall } from '../lib/install.js';
import { formatCount } from '../lib/numbers.js';
import { Field } from '../ui/field.js';
import { formatDate, formatDateTime } from '../ui/format.js';

/** A licence's standing as a colour, here and on the admin Installation page. */
export const STANDING_COLOURS = {
  valid: 'green',
  expiring: 'yellow',
  grace: 'orange',
  expired: 'red',
} as const;

/**
 * Where plans and checkout would be: on an on-premise install its licence instead (an install
 * sells nothing), on the service the children. Nothing while the mode is unknown, so that no
 * way to a payment shows on an install even for a moment.
 */
export function PlansOrLicence({ children }: { children: ReactNode }) {
  const install = useInstall();
  if (install.isPending) return null;
  if (install.data?.mode === 'on_premise') return <InstallLicenceCard licence={install.data.licence} />;
  return children;
}

/** The words of a link to /products: plans to upgrade to on the service, the licence on an install. */
export function UpgradeLabel() {
  const { t } = useTranslation(['dashboard', 'install']);
  return useInstall().data?.mode === 'on_premise'
    ? t('install:console.seeLicence')
    : t('dashboard:plan.upgrade');
}

/**
 * The install's licence: holder, plan, nodes, expiry and days left; how to renew once it ends,
 * and what to do once its issuer has revoked it.
 */
export function InstallLicenceCard({ licence }: { licence: PublicInstallLicence }) {
  const { t, i18n } = useTranslation('install');
  const lang = i18n.resolvedLanguage;
  const { account } = useAccount();
  const ending = licence.standing !== 'valid';
  const staff = Boolean(staffLevelOf(account?.permissions));
  const revocation = licence.revocation;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby="install-licence-heading"
      data-testid="install-licence"
      data-standing={licence.standing}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3" id="install-licence-heading">
              {t('console.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('console.intro')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="dot" color={STANDING_COLOURS[licence.standing]} data-testid="install-standing">
              {t(`standing.${licence.standing}`)}
            </Badge>
            {revocation && (
              <Badge variant="dot" color={revokedColour(revocation)} data-testid="install-revoked-badge">
                {t('console.revoked')}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('licence.holder')} value={licence.holder.name} testId="install-holder" />
          <Field label={t('licence.plan')} value={licence.plan.name} testId="install-plan" />
          <Field
            label={t('licence.nodes')}
            value={formatCount(licence.max_nodes, lang)}
            testId="install-nodes"
          />
          <Field
            label={t('licence.expires')}
            value={licence.expires_at ? formatDate(licence.expires_at, lang) : t('licence.perpetual')}
            testId="install-expires"
          />
          {licence.days_left !== null && (
            <Field
              label={t('console.daysLeft')}
              value={formatCount(licence.days_left, lang)}
              testId="install-days-left"
            />
          )}
        </SimpleGrid>
        {revocation && <RevokedAlert revocation={revocation} staff={staff} />}
        {ending && (
          <Alert
            variant="light"
            color={STANDING_COLOURS[licence.standing]}
            title={t(`standing.${licence.standing}`)}
            data-testid="install-warning"
          >
            <Stack gap="xs">
              <Text size="sm">
                {t(`warning.${licence.standing}`, {
                  date: formatDate(licence.expires_at, lang),
                  graceUntil: formatDate(licence.grace_until, lang),
                  days: licence.days_left ?? 0,
                })}
              </Text>
              <Text size="sm">{t('console.renew')}</Text>
              {staff && <AdminLink />}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

const revokedColour = (r: PublicLicenceRevocation) => (r.refused ? 'red' : 'orange');

/** The issuer revoked the licence: when, until when generation goes on (or that it stopped), what to do. */
function RevokedAlert({ revocation, staff }: { revocation: PublicLicenceRevocation; staff: boolean }) {
  const { t, i18n } = useTranslation('install');
  const dates = {
    revokedAt: formatDateTime(revocation.revoked_at, i18n.resolvedLanguage),
    graceUntil: formatDateTime(revocation.grace_until, i18n.resolvedLanguage),
  };
  return (
    <Alert
      variant="light"
      color={revokedColour(revocation)}
      title={t('revocation.revokedTitle')}
      data-testid="install-revoked"
      data-refused={revocation.refused}
    >
      <Stack gap="xs">
        <Text size="sm">{t(revocation.refused ? 'revocation.refused' : 'console.revokedGrace', dates)}</Text>
        <Text size="sm">{t('console.revokedWhat')}</Text>
        {staff && <AdminLink />}
      </Stack>
    </Alert>
  );
}

/** Staff are led to the Installation page (licence, nodes, revocation list). */
function AdminLink() {
  const { t } = useTranslation('install');
  return (
    // The alert's own text colour: a link colour on the tint fails contrast.
    <Anchor
      component={Link}
      to="/admin/install"
      size="sm"
      c="inherit"
      fw={600}
      underline="always"
      data-testid="install-admin-link"
    >
      {t('console.adminLink')}
    </Anchor>
  );
}
