import type { Rotation, SdkConfig, SdkKey } from '@slugsmith/contract';

/** A key signs requests now: its start has passed and its end, if any, has not (§7.6). */
export function isKeyActive(key: Pick<SdkKey, 'effective_from' | 'effective_to'>, now = Date.now()): boolean {
  return (
    Date.parse(key.effective_from) <= now && (key.effective_to === null || Date.parse(key.effective_to) > now)
  );
}

/** Whether a change replaces the config's keys (new rotation policy or period, §4). */
export function replacesKeys(
  config: Pick<SdkConfig, 'rotation' | 'rotation_period'>,
  change: { rotation: Rotation; rotation_period: string },
): boolean {
  if (change.rotation !== config.rotation) return true;
  return change.rotation === 'automatic' && change.rotation_period.trim() !== (config.rotation_period ?? '');
}

/**
 * The legacy SDK keys: the single key of each manual config. The rotating keys of an automatic
 * config are listed with their config instead (their deletion there would only regenerate them).
 */
export function legacyKeysOnly<K extends { config: string }>(
  keys: readonly K[],
  configs: readonly Pick<SdkConfig, 'slug' | 'rotation'>[],
): K[] {
  const rotating = new Set(configs.filter((c) => c.rotation === 'automatic').map((c) => c.slug));
  return keys.filter((k) => !rotating.has(k.config));
}
