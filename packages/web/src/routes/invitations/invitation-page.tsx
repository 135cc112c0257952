import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { consoleKeys } from '../../lib/console-api.js';
import { acceptInvitation, accountKeys, previewInvitation, refusalReason } from '../account/account-api.js';
import { ResendVerification } from '../account/resend-verification.js';
import { notifyFailure, notifySuccess } from '../dashboard/notify.js';

/** /invitations/:token: what the invitation offers, and accepting it (the invited, verified address only). */
export function InvitationPage() {
  const { t } = useTranslation(['account', 'dashboard']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: accountKeys.invitation(token),
    queryFn: ({ signal }) => previewInvitation(token, signal),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (org) => {
      notifySuccess(t('invitation.accepted', { name: org.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
      navigate(`/dashboard/org/${encodeURIComponent(org.slug)}`);
    },
    onError: (error) => notifyFailure(t('invitation.acceptFailed'), error),
  });

  const gone = preview.isError
    ? refusalReason(preview.error) === 'invitation_expired'
      ? t('invitation.expired')
      : t('invitation.notFound')
    : null;
  const data = preview.data;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Title order={1} size="h3">
            {t('invitation.title')}
          </Title>
          {preview.isPending && <Skeleton height={80} />}
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
        </Stack>
      </Paper>
    </Container>
  );
}
