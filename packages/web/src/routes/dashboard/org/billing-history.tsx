import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BillingTransaction, Organisation } from '@slugsmith/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE } from '../../../i18n/languages.js';
import { consoleQueries, invoiceHtml } from '../../../lib/console-api.js';
import { formatMoney } from '../../../lib/money.js';
import { formatDate } from '../../../ui/format.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { billingErrorText } from '../../checkout/billing-messages.js';
import { transactionDescription, transactionStatusColour } from '../../checkout/billing-model.js';

/** The organisation's transactions: date, description, amount, tax, total, status and the invoice. */
export function BillingHistory({ org }: { org: Organisation }) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.resolvedLanguage;
  const history = useQuery(consoleQueries.transactions(org.slug, lng ?? DEFAULT_LANGUAGE));
  const [invoice, setInvoice] = useState<BillingTransaction | null>(null);
  // A receipt e-mail links ?invoice=<id>: that invoice opens once the history has loaded.
  const [params] = useSearchParams();
  const linked = params.get('invoice');
  useEffect(() => {
    const found = linked ? history.data?.find((tx) => tx.id === linked) : undefined;
    if (found) setInvoice(found);
  }, [linked, history.data]);

  return (
    <section aria-labelledby="billing-history-heading">
      <Title order={2} size="h3" id="billing-history-heading" mb="sm">
        {t('history.title')}
      </Title>
      {history.isPending && <ListSkeleton rows={2} height={36} />}
      {history.isError && (
        <ErrorState title={t('history.loadFailed')} error={history.error} onRetry={() => history.refetch()} />
      )}
      {history.data?.length === 0 && <EmptyState title={t('history.empty')} />}
      {history.data && history.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" className="table-sticky-actions" data-testid="billing-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.date')}</Table.Th>
                <Table.Th>{t('history.description')}</Table.Th>
                <Table.Th ta="right">{t('history.amount')}</Table.Th>
                <Table.Th ta="right">{t('history.tax')}</Table.Th>
                <Table.Th ta="right">{t('history.total')}</Table.Th>
                <Table.Th>{t('history.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('history.invoice')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((tx) => (
                <Table.Tr key={tx.id} data-testid="billing-transaction">
                  <Table.Td>{formatDate(tx.billed_at ?? tx.created_at, lng)}</Table.Td>
                  <Table.Td>{transactionDescription(tx, (period) => t(`periods.${period}`))}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(tx.subtotal, tx.currency, lng)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(tx.tax, tx.currency, lng)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(tx.total, tx.currency, lng)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={transactionStatusColour(tx.status)}>
                      {t(`history.statuses.${tx.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setInvoice(tx)}
                      aria-label={t('history.invoiceOf', {
                        number: tx.invoice_number ?? tx.provider_transaction_id,
                      })}
                      data-testid="billing-invoice"
                    >
                      {t('history.invoice')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {invoice && <InvoiceDialog org={org} tx={invoice} onClose={() => setInvoice(null)} />}
    </section>
  );
}

/**
 * The printable invoice. Its route needs the bearer token, so the console fetches the HTML and
 * shows it in a frame without scripts; Print prints the frame, Download saves the HTML.
 */
function InvoiceDialog({
  org,
  tx,
  onClose,
}: {
  org: Organisation;
  tx: BillingTransaction;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const frame = useRef<HTMLIFrameElement>(null);
  // In the reader's language: the invoice's words, money, dates and country names.
  const language = i18n.resolvedLanguage ?? 'en-GB';
  const load = useMutation({
    mutationFn: () => invoiceHtml(org.slug, tx.id, language),
  });
  const { mutate } = load;
  useEffect(() => mutate(), [mutate]);
  const download = useMemo(
    () => (load.data ? URL.createObjectURL(new Blob([load.data], { type: 'text/html' })) : null),
    [load.data],
  );
  useEffect(() => () => (download ? URL.revokeObjectURL(download) : undefined), [download]);
  const name = tx.invoice_number ?? tx.provider_transaction_id;

  return (
    <Modal opened onClose={onClose} title={t('invoice.title', { number: name })} size="xl" centered>
      <Stack gap="sm">
        {load.isPending && <ListSkeleton rows={4} height={40} />}
        {load.isError && (
          <Alert color="red" variant="light" role="alert" title={t('invoice.failed')}>
            {billingErrorText(load.error, t)}
          </Alert>
        )}
        {load.data && (
          <iframe
            ref={frame}
            title={t('invoice.title', { number: name })}
            srcDoc={load.data}
            // Same origin so Print can reach the frame; no scripts run in it.
            sandbox="allow-same-origin allow-modals"
            style={{
              width: '100%',
              height: '60vh',
              border: '1px solid var(--mantine-color-default-border)',
              background: 'white',
            }}
            data-testid="invoice-frame"
          />
        )}
        <Group justify="flex-end" gap="xs">
          {download && (
            <Button component="a" href={download} download={`invoice-${name}.html`} variant="default">
              {t('invoice.download')}
            </Button>
          )}
          <Button onClick={() => frame.current?.contentWindow?.print()} disabled={!load.data}>
            {t('invoice.print')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('invoice.hint')}
        </Text>
      </Stack>
    </Modal>
  );
}
