import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/account.js';
import { logout, useAuth } from '../../auth/session.js';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.js';
import { changeLanguage } from '../../i18n/index.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { refusalDetail, refusalReason } from '../../lib/api.js';
import { consoleQueries } from '../../lib/console-api.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';
import { rememberAccountDeleted } from '../account-deleted/account-deleted.js';
import { usePaidSubscriptions } from '../dashboard/org/paid-subscriptions.js';
import { accountQueries, changePassword, deleteAccount, setAccountLanguage } from './account-api.js';
import { ResendVerification } from './resend-verification.js';
import { SessionsSection } from './sessions-section.js';

/** /account: the e-mail and its state, password, language, sessions, deleting the account. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const account = useQuery(accountQueries.account());
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            {t('email.title')}
          </Title>
          <Group gap="sm">
            <Text data-testid="account-email">{account.data?.email ?? ' '}</Text>
            {account.data &&
              (account.data.email_verified ? (
                <Badge color="green" variant="light">
                  {t('email.verified')}
                </Badge>
              ) : (
                <Badge color="orange" variant="light">
                  {t('email.unverified')}
                </Badge>
              ))}
          </Group>
          {account.data && !account.data.email_verified && (
            <Stack gap="xs" mt="sm">
              <Text size="sm">{t('email.unverifiedText')}</Text>
              <ResendVerification />
            </Stack>
          )}
        </Paper>
        <PasswordSection />
        <LanguageSection />
        <SessionsSection />
        <DeleteSection />
      </Stack>
    </Container>
  );
}

function PasswordSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { current: '', next: '', confirm: '' },
    validate: {
      current: (v) => (v ? null : t('password.required')),
      next: (v) => (v.length >= 10 ? null : t('password.tooShort', { min: 10 })),
      confirm: (v, values) => (v === values.next ? null : t('password.mismatch')),
    },
  });
  const change = useMutation({
    mutationFn: (values: typeof form.values) => changePassword(values.current, values.next),
    onSuccess: () => {
      form.reset();
      notifySuccess(t('password.changed'));
      // The change signed the other sessions out: the list shows what is left.
      return queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey });
    },
    onError: (error) => {
      const field = refusalDetail<string>(error, 'field');
      if (field === 'current_password') form.setFieldError('current', t('password.wrongCurrent'));
      else if (field === 'new_password') form.setFieldError('next', t('password.refused'));
      else if (refusalReason(error) === 'throttled') form.setFieldError('current', t('password.throttled'));
      else notifyFailure(t('password.failed'), error);
    },
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Title order={2} size="h4" mb="sm">
          {t('password.title')}
        </Title>
        <Stack gap="sm">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            {...form.getInputProps('current')}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.rules', { min: 10 })}
            autoComplete="new-password"
            {...form.getInputProps('next')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation('account');
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('language.title')}
      </Title>
      <Select
        label={t('language.label')}
        data={LANGUAGES.map((l) => ({ value: l.code, label: l.nativeName }))}
        value={i18n.resolvedLanguage ?? null}
        allowDeselect={false}
        maw={320}
        onChange={(code) => {
          // The console's language, and the account's e-mail in the same language.
          if (code)
            Promise.all([changeLanguage(code), setAccountLanguage(code)]).catch((error) =>
              notifyFailure(t('language.failed'), error),
            );
        }}
      />
    </Paper>
  );
}

function DeleteSection() {
  const { t } = useTranslation('account');
  const auth = useAuth();
  const { account } = useAccount();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  // The personal organisation goes with the account: what it pays for is cancelled at the provider.
  const orgs = useQuery({
    ...consoleQueries.orgs(),
    enabled: confirming,
  });
  const paid = usePaidSubscriptions(orgs.data?.find((o) => o.personal)?.slug, confirming);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      setConfirming(false);
      // The sign-out returns to the home page, which then says the account was deleted.
      rememberAccountDeleted();
      await logout(auth);
    },
    onError: (error) => {
      setConfirming(false);
      if (refusalReason(error) === 'last_owner')
        setRefusal(refusalDetail<string[]>(error, 'organisations') ?? []);
      else notifyFailure(t('delete.failed'), error);
    },
  });
  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Title order={2} size="h4" mb="sm">
        {t('delete.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('delete.text')}
      </Text>
      {refusal && (
        <Alert color="red" mb="sm" role="alert" title={t('delete.refusedTitle')}>
          {t('delete.lastOwner', { organisations: refusal.join(', ') })}
        </Alert>
      )}
      <Button color="red" onClick={() => setConfirming(true)}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('delete.confirmTitle')}
        confirmLabel={t('delete.button')}
        loading={remove.isPending}
        typedValue={account?.email}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      >
        <Text size="sm">{t('delete.confirmText', { email: account?.email ?? '' })}</Text>
        {paid.map((s) => (
          <Alert key={s.id} color="yellow" variant="light" mt="sm" data-testid="account-delete-paid">
            {t('delete.paidSubscription', { plan: s.plan.name })}
          </Alert>
        ))}
      </ConfirmDialog>
    </Paper>
  );
}
