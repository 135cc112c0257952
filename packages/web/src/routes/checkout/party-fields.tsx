import { Select, Textarea, TextInput } from '@mantine/core';
import { normaliseVatNumber, vatNumberExample, vatNumberProblem } from '@slugsmith/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from './countries.js';

/** One party of an invoice as a form edits it (empty strings: not set). */
export interface PartyValues {
  name: string;
  address: string;
  country: string | null;
  vatNumber: string;
}

/** Why the VAT number cannot be saved, in the reader's words, or null when it can. */
export function vatNumberError(t: TFunction<'billing'>, vatNumber: string, country: string | null) {
  const vat = normaliseVatNumber(vatNumber);
  if (!vat) return null;
  if (!country) return t('party.vatNeedsCountry');
  if (!vatNumberProblem(vat, country)) return null;
  const example = vatNumberExample(country);
  return example ? t('party.vatInvalid', { example }) : t('party.vatInvalidOther');
}

/**
 * Name, address, country and VAT number of the seller (admin settings) or a buyer (an
 * organisation's billing details, the checkout). `fields` picks the ones shown.
 */
export function PartyFields({
  values,
  onChange,
  readOnly = false,
  fields = ['name', 'address', 'country', 'vatNumber'],
  countryRequired = false,
  testId,
}: {
  values: PartyValues;
  onChange: (next: PartyValues) => void;
  readOnly?: boolean;
  fields?: readonly (keyof PartyValues)[];
  countryRequired?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const countries = useMemo(() => countryOptions(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const set = (patch: Partial<PartyValues>) => onChange({ ...values, ...patch });
  const vatError = vatNumberError(t, values.vatNumber, values.country);
  return (
    <>
      {fields.includes('name') && (
        <TextInput
          label={t('party.name')}
          description={t('party.nameHint')}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          maxLength={200}
          readOnly={readOnly}
          data-testid={`${testId}-name`}
        />
      )}
      {fields.includes('address') && (
        <Textarea
          label={t('party.address')}
          value={values.address}
          onChange={(e) => set({ address: e.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={500}
          readOnly={readOnly}
          data-testid={`${testId}-address`}
        />
      )}
      {fields.includes('country') && (
        <Select
          label={t('party.country')}
          description={t('party.countryHint')}
          data={countries}
          value={values.country}
          onChange={(country) => set({ country })}
          searchable
          clearable={!countryRequired}
          // Choosing the prefilled country again must not empty a required field.
          allowDeselect={!countryRequired}
          required={countryRequired}
          readOnly={readOnly}
          nothingFoundMessage={t('checkout.countryNotFound')}
          data-testid={`${testId}-country`}
        />
      )}
      {fields.includes('vatNumber') && (
        <TextInput
          label={t('party.vatNumber')}
          description={t('party.vatNumberHint')}
          value={values.vatNumber}
          onChange={(e) => set({ vatNumber: e.currentTarget.value })}
          error={vatError}
          maxLength={40}
          readOnly={readOnly}
          data-testid={`${testId}-vat`}
        />
      )}
    </>
  );
}

/** The values as the API takes them: empty text is null, the VAT number in its stored form. */
export const partyBody = (values: PartyValues) => ({
  name: values.name.trim() || null,
  address: values.address.trim() || null,
  country: values.country,
  vat_number: normaliseVatNumber(values.vatNumber) || null,
});
