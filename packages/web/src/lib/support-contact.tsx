import { Anchor } from '@mantine/core';
import { contactHref, useInstanceSettings } from './instance-settings.js';

/** The instance's support contact as a link (custom plans are agreed through it); nothing when unset. */
export function SupportContactLink() {
  const contact = useInstanceSettings()?.support_contact;
  if (!contact) return null;
  return (
    <Anchor href={contactHref(contact)} size="sm" data-testid="support-contact">
      {contact}
    </Anchor>
  );
}
