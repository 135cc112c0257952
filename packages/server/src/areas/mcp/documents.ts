import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type Document, type DocumentPage, LanguageTag } from '@slugsmith/contract';
import { z } from 'zod';
import {
  type ApiCall,
  apiMessage,
  type McpContext,
  type McpServerTools,
  structured,
  toolError,
} from './registry.js';

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** The collections of published documents that help an agent: the guides and the articles. */
const HELP_COLLECTIONS = ['docs', 'articles'] as const;

/** A help topic's resource: `slugsmith://docs/pattern-language`. */
const TOPIC_URI = 'slugsmith://docs/{topic}';
const topicUri = (topic: string) => `slugsmith://docs/${encodeURIComponent(topic)}`;

const MIME_TYPES: Record<string, string> = { markdown: 'text/markdown', yaml: 'application/yaml' };

/** The caller's language when the documents route takes it (else the documents' default). */
export function documentLanguage(language: string | undefined): string | undefined {
  return language !== undefined && LanguageTag.safeParse(language).success ? language : undefined;
}

const query = (language: string | undefined) => (language ? `&lang=${encodeURIComponent(language)}` : '');

class DocumentsRefused extends Error {
  constructor(readonly answer: { status: number; body: unknown }) {
    super(`Documents answered ${answer.status}`);
  }
}

/** The published help documents in `language` (or the nearest translation of each). */
async function helpTopics(call: ApiCall, language: string | undefined) {
  const pages = await Promise.all(
    HELP_COLLECTIONS.map(async (collection) => {
      const answer = await call('GET', `/docs?tags=${collection}&limit=200${query(language)}`);
      if (answer.status >= 300) throw new DocumentsRefused(answer);
      return (answer.body as DocumentPage).items;
    }),
  );
  return pages.flat().map((d) => ({
    topic: d.slug,
    title: d.title,
    collection: d.collection,
    language: d.language,
    format: d.format,
  }));
}

const Language = LanguageTag.optional().describe(
  "Language of the text, e.g. de or pt-BR (omitted: the caller's Accept-Language, else English); the nearest translation is given",
);

const Topic = z.object({
  topic: z.string().describe('Name to pass to get_help_topic'),
  title: z.string(),
  collection: z.string().describe('docs (guides and reference) or articles'),
  language: z.string().describe('Language of the title'),
  format: z.string(),
});

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** list_help_topics and get_help_topic: the service's published guides, in the caller's language. */
export function helpTools(register: McpServerTools, { call, language }: McpContext): void {
  const wanted = (asked: string | undefined) => asked ?? documentLanguage(language);
  register(
    'list_help_topics',
    {
      title: 'Help topics',
      description:
        'The guides and articles of the service (pattern language, series, capacity, errors, limits …), to read with get_help_topic.',
      inputSchema: { language: Language },
      outputSchema: { topics: z.array(Topic) },
      annotations: readOnly,
    },
    async (args) => {
      try {
        return structured({ topics: await helpTopics(call, wanted(args.language)) });
      } catch (error) {
        if (error instanceof DocumentsRefused) return toolError(error.answer);
        throw error;
      }
    },
  );
  register(
    'get_help_topic',
    {
      title: 'Read a help topic',
      description:
        'One guide or article (see list_help_topics), as Markdown, in the language asked for or the nearest one.',
      inputSchema: {
        topic: z.string().min(1).max(200).describe('A topic from list_help_topics, e.g. pattern-language'),
        language: Language,
      },
      outputSchema: {
        topic: z.string(),
        title: z.string(),
        language: z.string().describe('Language of the text given'),
        languages: z.array(z.string()).describe('Languages the topic is written in'),
        content: z.string(),
      },
      annotations: readOnly,
    },
    async (args) => {
      const answer = await call(
        'GET',
        `/docs/${encodeURIComponent(args.topic)}?${query(wanted(args.language)).slice(1)}`,
      );
      if (answer.status >= 300) return toolError(answer);
      const d = answer.body as Document;
      return {
        content: [{ type: 'text', text: d.content }],
        structuredContent: {
          topic: d.slug,
          title: d.title,
          language: d.language,
          languages: d.languages,
          content: d.content,
        },
      };
    },
  );
}

/** The same documents as MCP resources (`slugsmith://docs/{topic}`), in the caller's language. */
export function documentResources(server: McpServer, { call, language }: McpContext): void {
  const lang = documentLanguage(language);
  server.registerResource(
    'help-topic',
    new ResourceTemplate(TOPIC_URI, {
      list: async () => ({
        resources: (await helpTopics(call, lang)).map((t) => ({
          uri: topicUri(t.topic),
          name: t.topic,
          title: t.title,
          mimeType: MIME_TYPES[t.format],
        })),
      }),
    }),
    {
      title: 'Slugsmith guide',
      description: 'A guide or article of the service: pattern language, series, capacity, errors, limits …',
    },
    async (uri, { topic }) => {
      const answer = await call('GET', `/docs/${encodeURIComponent(String(topic))}?${query(lang).slice(1)}`);
      if (answer.status >= 300) {
        const code = answer.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams;
        throw new McpError(code, apiMessage(answer), { uri: uri.href });
      }
      const d = answer.body as Document;
      return { contents: [{ uri: uri.href, mimeType: MIME_TYPES[d.format], text: d.content }] };
    },
  );
}
