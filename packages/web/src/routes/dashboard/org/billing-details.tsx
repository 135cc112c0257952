import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organisation, OrgBillingDetails } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../../lib/console-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { billingDetailsQueries, saveBillingDetails } from '../../checkout/billing-details-api.js';
import { PartyFields, type PartyValues, partyBody, vatNumberError } from '../../checkout/party-fields.js';

/** Who the organisation's invoices name; owners and admins change it, members read it. */
export function BillingDetailsPanel({ org }: { org: Organisation }) {
  const { t } = useTranslation('billing');
  const details = useQuery(billingDetailsQueries.org(org.slug));
  return (
    <section aria-labelledby="billing-details-heading">
      <Title order={2} size="h3" id="billing-details-heading" mb="xs">
        {t('details.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('details.intro')}
      </Text>
      {details.isPending && <ListSkeleton rows={3} />}
      {details.isError && (
        <ErrorState title={t('details.loadFailed')} error={details.error} onRetry={() => details.refetch()} />
      )}
      {details.data && (
        <DetailsForm
          key={JSON.stringify(details.data)}
          org={org}
          details={details.data}
          writable={hasRole(org.role, 'admin')}
        />
      )}
    </section>
  );
}

function DetailsForm({
  org,
  details,
  writable,
}: {
  org: Organisation;
  details: OrgBillingDetails;
  writable: boolean;
}) {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  const [values, setValues] = useState<PartyValues>({
    name: details.name ?? '',
    address: details.address ?? '',
    country: details.country,
    vatNumber: details.vat_number ?? '',
  });
  const save = useMutation({
    mutationFn: () => saveBillingDetails(org.slug, partyBody(values)),
    onSuccess: (saved) => {
      client.setQueryData(billingDetailsQueries.org(org.slug).queryKey, saved);
      notifySuccess(t('details.saved'));
    },
    onError: (e) => notifyFailure(t('details.saveFailed'), e),
  });
  const invalid = vatNumberError(t, values.vatNumber, values.country) !== null;
  return (
    <Paper withBorder p="md" maw={640}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) save.mutate();
        }}
      >
        <Stack>
          <PartyFields values={values} onChange={setValues} readOnly={!writable} testId="billing-details" />
          {writable && (
            <Button type="submit" loading={save.isPending} w="fit-content" data-testid="billing-details-save">
              {t('details.save')}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
