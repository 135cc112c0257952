import { Typography } from '@mantine/core';
import { type ComponentPropsWithoutRef, memo, useMemo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { CodeBlock, type HastElement } from './code-block.js';
import { configuredHost, replaceProductHost } from './host.js';
import './markdown.css';

/** Marks the rendered article; the table of contents reads its headings (ids from rehype-slug). */
export const ARTICLE_ATTRIBUTE = 'data-doc-article';

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeSlug];

function containsLink(node: HastElement | undefined): boolean {
  return !!node?.children.some((c) => c.type === 'element' && (c.tagName === 'a' || containsLink(c)));
}

type HeadingProps = ComponentPropsWithoutRef<'h1'> & ExtraProps;

/** A heading that links to itself, so a reader can copy the address of a section. */
function anchoredHeading(Tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function AnchoredHeading({ node, id, children, ...rest }: HeadingProps) {
    // A link inside a link is invalid HTML: such a heading keeps its own link only.
    const linked = id && !containsLink(node);
    return (
      <Tag id={id} {...rest}>
        {linked ? (
          <a href={`#${id}`} className="doc-heading-anchor">
            {children}
          </a>
        ) : (
          children
        )}
      </Tag>
    );
  };
}

/** Paths the server answers itself; every other site path belongs to the console's router. */
const SERVER_PATH = /^\/(api|oidc)(\/|$)/;

function DocumentLink({ node, href = '', children, ...rest }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  if (href.startsWith('/') && !href.startsWith('//') && !SERVER_PATH.test(href))
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  const external = /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin);
  return (
    <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

/** Wide tables scroll inside the article instead of widening the page. */
function ScrollingTable({ node, ...rest }: ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    // Keyboard readers reach a table that scrolls sideways, to scroll it (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <div className="doc-table" tabIndex={0}>
      <table {...rest} />
    </div>
  );
}

const components: Components = {
  h1: anchoredHeading('h1'),
  h2: anchoredHeading('h2'),
  h3: anchoredHeading('h3'),
  h4: anchoredHeading('h4'),
  h5: anchoredHeading('h5'),
  h6: anchoredHeading('h6'),
  a: DocumentLink,
  pre: CodeBlock,
  table: ScrollingTable,
};

/**
 * A markdown document (product spec §2.9): GitHub-flavoured markdown, headings with ids and
 * self-links, code blocks with a copy button, the product's host replaced by the configured one.
 * Raw HTML in the text is not rendered. Memoised: the text is parsed again only when it changes,
 * not each time the page around it renders (a query settling, a language's texts arriving).
 */
export const MarkdownArticle = memo(function MarkdownArticle({
  content,
  host,
}: {
  content: string;
  host?: string;
}) {
  const text = useMemo(() => replaceProductHost(content, host ?? configuredHost()), [content, host]);
  return (
    <Typography className="doc-markdown" {...{ [ARTICLE_ATTRIBUTE]: '' }}>
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </Markdown>
    </Typography>
  );
});
