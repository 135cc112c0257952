import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFeatureHint } from '../auth/feature-hints.js';

/**
 * The info button of a plan feature or limit: its tooltip holds the feature-hints document's text
 * and opens on hover, keyboard focus and touch; while open it describes the button
 * (aria-describedby). Nothing is rendered when the document has no hint for the key.
 */
export function FeatureHint({ featureKey, feature }: { featureKey: string; feature: string }) {
  const { t } = useTranslation('products');
  const hint = useFeatureHint(featureKey);
  if (!hint) return null;
  return (
    <Tooltip
      label={hint}
      multiline
      w={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      position="top-start"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        radius="xl"
        aria-label={t('hintFor', { feature })}
        data-testid={`hint-${featureKey}`}
      >
        <span aria-hidden="true" style={{ fontWeight: 700, fontSize: 12 }}>
          ?
        </span>
      </ActionIcon>
    </Tooltip>
  );
}

/** A feature's or limit's name followed by its hint button, for table rows and lists. */
export function FeatureName({ featureKey, name }: { featureKey: string; name: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{name}</span>
      <FeatureHint featureKey={featureKey} feature={name} />
    </Group>
  );
}
