import { Button, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { type InstanceSettings, SupportContact } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '../../lib/admin-api.js';
import { instanceSettingsQuery } from '../../lib/instance-settings.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../ui/states.js';
import { PartyFields, type PartyValues, partyBody, vatNumberError } from '../checkout/party-fields.js';
import { AdminHeader, ReadOnlyNote } from './parts.js';
import { useStaff } from './use-staff.js';

/**
 * /admin/settings: the development-instance warning, the sandbox disclaimer, the support contact
 * and the seller every invoice names (legal name, address, country, VAT number, footer).
 */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useQuery(instanceSettingsQuery());
  return (
    <>
      <AdminHeader title={t('settings.title')} intro={t('settings.intro')} />
      <ReadOnlyNote />
      {settings.isPending && <ListSkeleton rows={3} />}
      {settings.isError && (
        <ErrorState
          title={t('settings.loadFailed')}
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      )}
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </>
  );
}

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const { t } = useTranslation('admin');
  const { t: tb } = useTranslation('billing');
  const { writable } = useStaff();
  const client = useQueryClient();
  const [devWarning, setDevWarning] = useState(settings.dev_warning);
  const [sandbox, setSandbox] = useState(settings.sandbox_disclaimer);
  const [contact, setContact] = useState(settings.support_contact ?? '');
  const [error, setError] = useState<string | null>(null);
  const [seller, setSeller] = useState<PartyValues>({
    name: settings.seller_name ?? '',
    address: settings.seller_address ?? '',
    country: settings.seller_country,
    vatNumber: settings.seller_vat_number ?? '',
  });
  const [footer, setFooter] = useState(settings.invoice_footer ?? '');
  const save = useMutation({
    mutationFn: async () => {
      if (vatNumberError(tb, seller.vatNumber, seller.country)) return null;
      const trimmed = contact.trim();
      if (trimmed) {
        const checked = SupportContact.safeParse(trimmed);
        if (!checked.success) {
          // The contract's one message for this field has its own words in the admin catalogue.
          setError(t('settings.badContact'));
          return null;
        }
      }
      setError(null);
      return updateSettings({
        dev_warning: devWarning,
        sandbox_disclaimer: sandbox,
        support_contact: trimmed || null,
        ...sellerBody(seller),
        invoice_footer: footer.trim() || null,
      });
    },
    onSuccess: (saved) => {
      if (!saved) return;
      client.setQueryData(instanceSettingsQuery().queryKey, saved);
      notifySuccess(t('settings.saved'));
    },
    onError: (e) => notifyFailure(t('settings.saveFailed'), e),
  });
  return (
    <Paper withBorder p="md" maw={640}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <Switch
            label={t('settings.devWarning')}
            description={t('settings.devWarningHint')}
            checked={devWarning}
            onChange={(e) => setDevWarning(e.currentTarget.checked)}
            disabled={!writable}
            data-testid="settings-dev-warning"
          />
          <Switch
            label={t('settings.sandbox')}
            description={t('settings.sandboxHint')}
            checked={sandbox}
            onChange={(e) => setSandbox(e.currentTarget.checked)}
            disabled={!writable}
            data-testid="settings-sandbox"
          />
          <TextInput
            label={t('settings.contact')}
            description={t('settings.contactHint')}
            value={contact}
            onChange={(e) => setContact(e.currentTarget.value)}
            error={error}
            readOnly={!writable}
            data-testid="settings-contact"
          />
          <Title order={2} size="h4" mt="md">
            {tb('seller.title')}
          </Title>
          <PartyFields values={seller} onChange={setSeller} readOnly={!writable} testId="settings-seller" />
          <Textarea
            label={tb('seller.footer')}
            description={tb('seller.footerHint')}
            value={footer}
            onChange={(e) => setFooter(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={1000}
            readOnly={!writable}
            data-testid="settings-seller-footer"
          />
          {writable && (
            <Button type="submit" loading={save.isPending} w="fit-content" data-testid="settings-save">
              {t('actions.save')}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** The seller's fields as the settings call names them. */
function sellerBody(values: PartyValues) {
  const body = partyBody(values);
  return {
    seller_name: body.name,
    seller_address: body.address,
    seller_country: body.country,
    seller_vat_number: body.vat_number,
  };
}
