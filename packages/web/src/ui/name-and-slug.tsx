import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { NameField } from './form-parts.js';
import { slugFromName } from './forms.js';

export interface NameAndSlug {
  name: string;
  slug: string;
}

/** The name and slug a create form sends: an empty slug is left out, for the server to derive one. */
export function nameAndSlugBody({ name, slug }: NameAndSlug): { name: string; slug?: string } {
  return { name: name.trim(), ...(slug ? { slug } : {}) };
}

/**
 * The name and slug fields of a create form (organisation, series): the slug follows the name
 * until the user edits it. `language` transliterates as the server will for that form (an
 * organisation's slug follows the caller's language).
 */
export function useSlugFollowingName<V extends NameAndSlug>(form: UseFormReturnType<V>, language?: string) {
  const [slugEdited, setSlugEdited] = useState(false);
  const set = form.setFieldValue as (field: keyof NameAndSlug, value: string) => void;
  return {
    nameInput: {
      ...form.getInputProps('name'),
      onChange(event: { currentTarget: { value: string } }) {
        const name = event.currentTarget.value;
        set('name', name);
        if (!slugEdited) set('slug', slugFromName(name, language));
      },
    },
    slugInput: {
      ...form.getInputProps('slug'),
      onChange(event: { currentTarget: { value: string } }) {
        set('slug', event.currentTarget.value);
        setSlugEdited(true);
      },
    },
    /** Both at once (a suggestion); the slug follows later name edits again. */
    fill(name: string, slug: string) {
      set('name', name);
      set('slug', slug);
      setSlugEdited(false);
    },
  };
}

/** The two fields, named `{prefix}-name` and `{prefix}-slug` for tests. */
export function NameAndSlugFields({
  fields,
  labels,
  prefix,
}: {
  fields: Pick<ReturnType<typeof useSlugFollowingName>, 'nameInput' | 'slugInput'>;
  labels: { name: string; slug: string; slugHint: string };
  prefix: string;
}) {
  return (
    <>
      <NameField label={labels.name} {...fields.nameInput} data-testid={`${prefix}-name`} />
      <TextInput
        label={labels.slug}
        description={labels.slugHint}
        maxLength={40}
        classNames={{ input: 'mono-input' }}
        {...fields.slugInput}
        data-testid={`${prefix}-slug`}
      />
    </>
  );
}
