import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contactHref, useInstanceSettings } from '../../lib/instance-settings.js';

export const SOCIAL_URL = 'https://github.com/slugsmith';

export function Footer() {
  const { t } = useTranslation('navigation');
  const settings = useInstanceSettings();
  const contact = settings?.support_contact;
  const links = [
    { to: '/docs', label: t('footer.docs') },
    { to: '/stats', label: t('footer.stats') },
    { to: '/contacts', label: t('footer.contacts') },
    { to: '/legal', label: t('footer.legal') },
    // Demo Elements and Test Functionality are for whoever runs the install: the self-hosting
    // document links them, customers never need them.
    { to: '/sudoku', label: t('titles.sudoku') },
  ];
  return (
    <Box
      component="footer"
      pt="lg"
      mt="xl"
      // Room below the links for the floating theme toggle (44 px, 20 px from the bottom): scrolled
      // to the end, the toggle sits under the footer's text, never on a link.
      pb={80}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl" className="footer-inner">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            © {new Date().getUTCFullYear()} Slugsmith · {t('footer.tagline')}
          </Text>
          <Group gap="md" component="nav" wrap="wrap" aria-label={t('footer.label')}>
            {links.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} size="sm">
                {l.label}
              </Anchor>
            ))}
            {contact && (
              <Anchor href={contactHref(contact)} size="sm" data-testid="footer-support">
                {t('footer.support')}
              </Anchor>
            )}
            <Anchor href={SOCIAL_URL} target="_blank" rel="noreferrer" size="sm">
              {t('footer.social')}
            </Anchor>
          </Group>
        </Group>
        {settings?.sandbox_disclaimer && (
          <Text size="xs" c="dimmed" mt="xs" data-testid="sandbox-disclaimer">
            {t('footer.sandbox')}
          </Text>
        )}
      </Container>
    </Box>
  );
}
