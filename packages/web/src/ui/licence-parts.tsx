import { Badge, Button, CopyButton, Group, Table } from '@mantine/core';
import type { Licence, LicenceStatus } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from './format.js';

const STATUS_COLOURS: Record<LicenceStatus, string> = {
  active: 'green',
  expired: 'dark',
  revoked: 'red',
  superseded: 'gray',
};

export function LicenceStatusBadge({ status }: { status: LicenceStatus }) {
  const { t } = useTranslation('licences');
  return (
    <Badge variant="dot" color={STATUS_COLOURS[status]} data-testid="licence-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The expiry cell: a date, or "Perpetual" with the last day of updates it entitles to. */
export function LicenceExpiry({ licence }: { licence: Licence }) {
  const { t, i18n } = useTranslation('licences');
  const lng = i18n.resolvedLanguage;
  if (!licence.perpetual) return <>{formatDate(licence.valid_until, lng)}</>;
  return (
    <>
      {t('perpetual')}
      {licence.updates_until && (
        <>
          <br />
          <small>{t('updatesUntil', { date: formatDate(licence.updates_until, lng) })}</small>
        </>
      )}
    </>
  );
}

/** The cells every licence table shows: plan, nodes, issued, expiry, status. */
export function LicenceCells({ licence }: { licence: Licence }) {
  const { i18n } = useTranslation('licences');
  return (
    <>
      <Table.Td>{licence.plan_name}</Table.Td>
      <Table.Td data-testid="licence-nodes">{licence.max_nodes}</Table.Td>
      <Table.Td>{formatDate(licence.issued_at, i18n.resolvedLanguage)}</Table.Td>
      <Table.Td>
        <LicenceExpiry licence={licence} />
      </Table.Td>
      <Table.Td>
        <LicenceStatusBadge status={licence.status} />
      </Table.Td>
    </>
  );
}

/** The file name the server's download gives a licence too. */
export function licenceFileName(licence: Licence): string {
  return `slugsmith-licence-${licence.org_slug}-${licence.id.slice(0, 8)}.jwt`;
}

/** Saves the token as a file: the console holds it already (the API's file route needs a bearer token). */
function download(licence: Licence) {
  const url = URL.createObjectURL(new Blob([`${licence.token}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = licenceFileName(licence);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Download and Copy of a licence's token, named with the plan so each row's buttons differ. */
export function LicenceFileActions({ licence }: { licence: Licence }) {
  const { t } = useTranslation('licences');
  const label = { plan: licence.plan_name, id: licence.id.slice(0, 8) };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => download(licence)}
        aria-label={t('downloadNamed', label)}
        data-testid="licence-download"
      >
        {t('download')}
      </Button>
      <CopyButton value={licence.token}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={copy}
            aria-label={t('copyNamed', label)}
            data-testid="licence-copy"
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
