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
