import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/session.js';
import { refusalReason } from '../../lib/api.js';
import { consoleKeys } from '../../lib/console-api.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';
import { acceptInvitation, accountQueries } from '../account/account-api.js';
import { ResendVerification } from '../account/resend-verification.js';

/**
 * /invitations/:token: a visitor not signed in sees the organisation and who invited, and signs
 * up (or in) from here; signed in, what the invitation offers and accepting it (the invited,
 * verified address only).
 */
export function InvitationPage() {
  const auth = useAuth();
  const { token = '' } = useParams();
  if (auth.isLoading) return <InvitationFrame loading />;
  return auth.isAuthenticated ? <SignedInInvitation token={token} /> : <VisitorInvitation token={token} />;
}

/** The card every state of the page shares. */
function InvitationFrame({ loading = false, children }: { loading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Title order={1} size="h3">
            {t('invitation.title')}
          </Title>
          {loading && <Skeleton height={80} />}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** Why a link does not work any more, in the reader's words. */
function useGoneText(error: unknown, failed: boolean): string | null {
  const { t } = useTranslation('account');
  if (!failed) return null;
  return refusalReason(error) === 'invitation_expired' ? t('invitation.expired') : t('invitation.notFound');
}

/** A visitor without a session: whom the invitation is from, and sign-up first (sign-in for those with an account). */
function VisitorInvitation({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const preview = useQuery(accountQueries.invitationPublic(token));
  const gone = useGoneText(preview.error, preview.isError);
  const returnTo = `/invitations/${encodeURIComponent(token)}`;
  const data = preview.data;
  return (
    <InvitationFrame loading={preview.isPending}>
      {gone && (
        <Alert color="red" role="alert">
          {gone}
        </Alert>
      )}
      {data && (
        <>
          <Text data-testid="invitation-public-offer">
            {data.invited_by
              ? t('invitation.publicOffer', { inviter: data.invited_by, name: data.org_name })
              : t('invitation.publicOfferNoInviter', { name: data.org_name })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('invitation.signUpHint')}
          </Text>
          <Group>
            <Button
              component={Link}
              to={`/login?${new URLSearchParams({ returnTo, screen_hint: 'signup' })}`}
              data-testid="invitation-sign-up"
            >
              {t('invitation.signUp')}
            </Button>
            <Button
              component={Link}
              to={`/login?${new URLSearchParams({ returnTo })}`}
              variant="default"
              data-testid="invitation-sign-in"
            >
              {t('invitation.signIn')}
            </Button>
          </Group>
        </>
      )}
    </InvitationFrame>
  );
}

function SignedInInvitation({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'dashboard']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery(accountQueries.invitation(token));
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (org) => {
      notifySuccess(t('invitation.accepted', { name: org.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
      navigate(`/dashboard/org/${encodeURIComponent(org.slug)}`);
    },
    onError: (error) => notifyFailure(t('invitation.acceptFailed'), error),
  });

  const gone = useGoneText(preview.error, preview.isError);
  const data = preview.data;
  return (
    <InvitationFrame loading={preview.isPending}>
      {gone && (
        <Alert color="red" role="alert">
          {gone}
        </Alert>
      )}
      {data && (
        <>
          <Text>
            {t('invitation.offer', { name: data.org_name, role: t(`dashboard:roles.${data.role}`) })}
          </Text>
          {data.refusal === 'other_email' && (
            <Alert color="orange" role="alert">
              {t('invitation.otherEmail', { email: data.email })}
            </Alert>
          )}
          {data.refusal === 'email_not_verified' && (
            <Alert color="orange" role="alert">
              <Stack gap="xs">
                <Text size="sm">{t('invitation.verifyFirst')}</Text>
                <ResendVerification />
              </Stack>
            </Alert>
          )}
          <Button disabled={!data.acceptable} loading={accept.isPending} onClick={() => accept.mutate()}>
            {t('invitation.accept')}
          </Button>
        </>
      )}
      <Text size="sm" component={Link} to="/dashboard" td="underline">
        {t('invitation.toDashboard')}
      </Text>
    </InvitationFrame>
  );
}
