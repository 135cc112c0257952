import { Badge, Checkbox, Group, SimpleGrid } from '@mantine/core';
import type { Scope } from '@slugsmith/contract';
import { sortScopes } from '@slugsmith/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Scopes as badges, in the display order of §3.1. */
export function ScopeBadges({ scopes }: { scopes: readonly Scope[] }) {
  return (
    <Group gap={4}>
      {sortScopes(scopes).map((s) => (
        <Badge key={s} variant="light" tt="none" ff="monospace" size="sm">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

/** Tick boxes for the scopes a key may carry (the API's list, in display order); takes a form's input props. */
export function ScopePicker({
  available,
  value = [],
  onChange,
  error,
}: {
  available: readonly Scope[];
  value?: Scope[];
  onChange: (scopes: Scope[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Checkbox.Group
      label={t('keys.scopes')}
      value={value}
      onChange={(v) => onChange(sortScopes(v as Scope[]))}
      error={error}
      data-testid="scope-picker"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="sm">
        {sortScopes(available).map((s) => (
          <Checkbox
            key={s}
            value={s}
            label={<span className="mono-text">{s}</span>}
            description={t(`keys.scopeInfo.${s.replace(':', '_')}`)}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
