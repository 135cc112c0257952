import { TableOfContents, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ARTICLE_ATTRIBUTE } from './markdown.js';

/** Heading levels the table of contents lists (product spec §9: 1 to 3). */
const OUTLINE_SELECTOR = `[${ARTICLE_ATTRIBUTE}] :is(h1, h2, h3)[id]`;

/** True when the markdown has a heading the table of contents would list. */
export function hasOutline(markdown: string): boolean {
  return /^ {0,3}#{1,3}[ \t]+\S/m.test(markdown);
}

/**
 * The table of contents of the article rendered on the page: it reads the headings (and their
 * rehype-slug ids) back from the DOM, so its links always match, and marks the section in view.
 * Mount it after the article and give it a new `key` when the article's text changes.
 * `collapsed`: folded behind its title (narrow screens, where it would push the text down).
 */
export function DocumentToc({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('docs');
  const contents = (
    <TableOfContents
      variant="light"
      size="sm"
      radius="sm"
      depthOffset={14}
      scrollSpyOptions={{ selector: OUTLINE_SELECTOR }}
      getControlProps={({ data, active }) => ({
        component: 'a',
        href: `#${data.id}`,
        children: data.value,
        'aria-current': active ? 'location' : undefined,
      })}
    />
  );
  if (collapsed)
    return (
      <nav aria-label={t('toc')} data-testid="doc-toc">
        <details className="doc-toc-collapsed">
          <summary>{t('toc')}</summary>
          {contents}
        </details>
      </nav>
    );
  return (
    <nav aria-label={t('toc')} className="doc-toc" data-testid="doc-toc">
      <Text fw={600} size="sm" mb="xs" aria-hidden="true">
        {t('toc')}
      </Text>
      {contents}
    </nav>
  );
}
