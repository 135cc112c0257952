import type { Rotation, Scope, SdkConfig } from '@slugsmith/contract';
import { CreateLegacySdkKey, CreateSdkConfig, originList, RotationPeriodInRange } from '@slugsmith/contract';
import { contractForm, INVALID_FORMAT } from '../../../../ui/forms.js';

export interface ConfigValues {
  name: string;
  rotation: Rotation;
  /** Kept while manual rotation is chosen, sent only with automatic rotation. */
  rotation_period: string;
  scopes: Scope[];
  /** One origin per line. */
  allowed_origins: string;
  enabled: boolean;
  /** New org-level configs only: restrict the config to one series. */
  series: string;
}

export const blankValues = (): ConfigValues => ({
  name: '',
  rotation: 'manual',
  rotation_period: '30d',
  scopes: ['forge', 'mint', 'slice'],
  allowed_origins: '',
  enabled: true,
  series: '',
});

export const valuesOf = (config: SdkConfig): ConfigValues => ({
  name: config.name,
  rotation: config.rotation,
  rotation_period: config.rotation_period ?? '30d',
  scopes: config.scopes,
  allowed_origins: config.allowed_origins.join('\n'),
  enabled: config.enabled,
  series: config.series_slug ?? '',
});

/**
 * The config a form sends, checked against the contract; the console also refuses a period the
 * keys cannot rotate on (the API answers it with its own message), and names the bad origin.
 */
export const sdkConfigForm = contractForm(
  CreateSdkConfig.extend({ rotation_period: RotationPeriodInRange.optional() }),
  (values: ConfigValues) => ({
    name: values.name.trim(),
    rotation: values.rotation,
    ...(values.rotation === 'automatic' ? { rotation_period: values.rotation_period.trim() } : {}),
    scopes: values.scopes,
    allowed_origins: originList(values.allowed_origins),
    enabled: values.enabled,
  }),
  {
    wording: {
      rotation_period: (said) =>
        said.key === INVALID_FORMAT.key ? { key: 'dashboard:sdk.periodFormat' } : said,
      allowed_origins: (said, line, body) =>
        line === undefined
          ? said
          : { key: 'dashboard:sdk.badOrigin', values: { origin: body.allowed_origins[line] ?? '' } },
    },
  },
);

/** The legacy key a create form sends, checked against the contract. */
export const legacyKeyForm = contractForm(CreateLegacySdkKey, (values: { name: string }) => ({
  name: values.name.trim(),
}));
