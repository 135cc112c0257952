import { DocumentView } from '../docs/document-view.js';

/** The slug of the contacts document (content/legal/contacts). */
export const CONTACTS_SLUG = 'contacts';

/** /contacts: the contacts document of the legal collection. */
export function ContactsPage() {
  return <DocumentView slug={CONTACTS_SLUG} collection="legal" />;
}
