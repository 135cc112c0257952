import { normaliseVatNumber } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingDetailsQueries } from './billing-details-api.js';
import { COUNTRY_CODES } from './countries.js';
import { type PartyValues, vatNumberError } from './party-fields.js';

/** The country of the browser's language (de-DE → DE, ja → JP), when it names one. */
function browserCountry(): string | null {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && COUNTRY_CODES.includes(region) ? region : null;
  } catch {
    return null;
  }
}

/**
 * The buyer's country and VAT number at checkout: tax depends on them, so the country is always
 * asked. It starts from the link's country, else the organisation's billing details, else the
 * browser's; what the buyer sends is saved as the organisation's billing details.
 */
export function useBuyer(org: string | null, linked: string | null) {
  const { t } = useTranslation('billing');
  const details = useQuery({
    ...billingDetailsQueries.org(org ?? ''),
    enabled: org !== null,
  });
  const [edited, setEdited] = useState<{ org: string | null; values: PartyValues } | null>(null);
  const values: PartyValues =
    edited?.org === org
      ? edited.values
      : {
          name: '',
          address: '',
          country: linked ?? details.data?.country ?? browserCountry(),
          vatNumber: details.data?.vat_number ?? '',
        };
  const vat = normaliseVatNumber(values.vatNumber);
  return {
    values,
    edit: (next: PartyValues) => setEdited({ org, values: next }),
    complete: values.country !== null && vatNumberError(t, values.vatNumber, values.country) === null,
    body: () => ({
      ...(values.country ? { country_code: values.country } : {}),
      ...(vat ? { vat_number: vat } : {}),
    }),
  };
}
