import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ContentBlock } from '../../components/content-block.js';
import { usePatternExamples } from '../../lib/content.js';
import { ACCOUNT_DELETED_PATH, accountDeletedPending } from '../account-deleted/account-deleted.js';
import { Hero } from './hero.js';
import { PlaygroundPreview } from './playground-preview.js';
import { UseCaseGallery } from './use-case-gallery.js';

/** The landing page (product spec §2.8). */
export function LandingPage() {
  // The provider's sign-out after an account deletion returns here: say what happened instead.
  if (accountDeletedPending()) return <Navigate to={ACCOUNT_DELETED_PATH} replace />;
  return <Landing />;
}

function Landing() {
  const { t } = useTranslation('landing');
  const examples = usePatternExamples();
  const categories = examples.data ?? [];
  return (
    <Container size="lg">
      <Stack gap={56} pb="xl">
        <Hero categories={categories} loading={examples.isLoading} failed={examples.isError} />
        <ContentBlock slug="core-value-proposition" heading={t('blocks.coreValue')} />
        <Stack gap="md">
          <ContentBlock slug="pattern-teaser" heading={t('blocks.patternTeaser')} />
          <PlaygroundPreview categories={categories} />
        </Stack>
        <ContentBlock slug="developer-onboarding-journey" heading={t('blocks.onboarding')} />
        <UseCaseGallery categories={categories} loading={examples.isLoading} failed={examples.isError} />
        <ContentBlock slug="integration-examples" heading={t('blocks.integration')} />
        <ContentBlock slug="technical-highlights" heading={t('blocks.technical')} />
      </Stack>
    </Container>
  );
}
