import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { type ComponentPropsWithoutRef, Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import { COPY_CONFIRMATION_MS } from '../slug-badge.js';

/** A node of the HTML syntax tree react-markdown renders from. */
export type HastElement = NonNullable<ExtraProps['node']>;
type HastContent = HastElement['children'][number];

/** The text of a hast subtree (what the reader would select and copy). */
export function hastText(node: HastContent | HastElement): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(hastText).join('');
  return '';
}

/** `language-sh` on the inner `<code>` → `sh`. */
function languageOf(pre: HastElement | undefined): string | undefined {
  const code = pre?.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((c) => c.startsWith('language-'));
  return language?.slice('language-'.length);
}

/** Drawn, not a font glyph: symbol glyphs are missing from many system fonts. */
function CopyIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

type PreProps = ComponentPropsWithoutRef<'pre'> & ExtraProps;

/** A `pattern` block (one pattern per line, checked against the engine): each line opens the playground. */
function PatternLines({ text }: { text: string }) {
  const { t } = useTranslation('docs');
  return (
    <code className="language-pattern">
      {text.split('\n').map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text; a line may repeat, its position is its identity
        <Fragment key={i}>
          {i > 0 && '\n'}
          {line.trim() ? (
            <Link to={`/playground?pattern=${encodeURIComponent(line)}`} title={t('tryPattern')}>
              {line}
            </Link>
          ) : (
            line
          )}
        </Fragment>
      ))}
    </code>
  );
}

/** A fenced code block with a copy button (2-second confirmation, like slug badges). */
export function CodeBlock({ node, children, ...rest }: PreProps) {
  const { t } = useTranslation('docs');
  const text = node ? hastText(node).replace(/\n$/, '') : '';
  const language = languageOf(node);
  return (
    <div className="doc-code" data-language={language}>
      {language === 'pattern' ? (
        <pre {...rest}>
          <PatternLines text={text} />
        </pre>
      ) : (
        // A long line scrolls sideways: keyboard readers reach the block to scroll it (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <pre {...rest} tabIndex={0}>
          {children}
        </pre>
      )}
      <CopyButton value={text} timeout={COPY_CONFIRMATION_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copy.copied') : t('copy.button')} withArrow position="left">
            <ActionIcon
              className="doc-code-copy"
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copied ? t('copy.copiedLabel') : t('copy.label')}
              data-testid="copy-code"
              data-copied={copied || undefined}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}
