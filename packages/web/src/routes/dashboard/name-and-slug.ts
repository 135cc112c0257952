import { useEffect, useState } from 'react';
import { slugFromName, validateName, validateSlug } from './forms.js';

/**
 * The name and slug fields of a create dialog (organisation, series): the slug follows the name
 * until the user edits it, both start empty each time the dialog opens, and an empty slug is
 * allowed (the server derives one).
 */
export function useNameAndSlug(opened: boolean) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName('');
    setSlug('');
    setSlugEdited(false);
  }, [opened]);

  return {
    name,
    slug,
    nameError: validateName(name),
    slugError: validateSlug(slug, { optional: true }),
    changeName(value: string) {
      setName(value);
      if (!slugEdited) setSlug(slugFromName(value));
    },
    changeSlug(value: string) {
      setSlug(value);
      setSlugEdited(true);
    },
    /** Both at once (a suggestion); the slug follows later name edits again. */
    fill(nextName: string, nextSlug: string) {
      setName(nextName);
      setSlug(nextSlug);
      setSlugEdited(false);
    },
  };
}
