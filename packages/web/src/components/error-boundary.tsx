import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

function errorText(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  if (error && typeof error === 'object' && 'statusText' in error)
    return `${(error as { status?: number }).status ?? ''} ${(error as { statusText: string }).statusText}`;
  return String(error);
}

/** Try again, Refresh page, and Copy error with a 2-second confirmation (product spec §2.6). */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('errors');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(errorText(error));
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={t('boundary.title')} role="alert">
        <Stack gap="sm">
          <Text size="sm">{t('boundary.message')}</Text>
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
            {error instanceof Error ? error.message : String(error)}
          </Text>
          <Group gap="xs">
            {onRetry && (
              <Button size="xs" onClick={onRetry}>
                {t('boundary.tryAgain')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => window.location.reload()}>
              {t('boundary.refresh')}
            </Button>
            <Button size="xs" variant="subtle" onClick={copy} aria-live="polite">
              {copied ? t('boundary.copied') : t('boundary.copy')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

/** The general render error boundary. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    if (this.state.error)
      return <ErrorPanel error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The router's top-level error element. */
export function ErrorBoundaryPage() {
  const error = useRouteError();
  return <ErrorPanel error={error} onRetry={() => window.location.reload()} />;
}

/** The form error boundary: offers a refresh. */
export class FormErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error) return <FormErrorNotice />;
    return this.props.children;
  }
}

function FormErrorNotice() {
  const { t } = useTranslation('errors');
  return (
    <Alert color="red" variant="light" title={t('form.title')} role="alert">
      <Group justify="space-between">
        <Text size="sm">{t('form.message')}</Text>
        <Button size="xs" variant="default" onClick={() => window.location.reload()}>
          {t('boundary.refresh')}
        </Button>
      </Group>
    </Alert>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
