import { Paper, Text, UnstyledButton } from '@mantine/core';
import { type ParsedPattern, PatternError, parsePattern, type Suggestion } from '@slugsmith/generator';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completions, type EditorMeta } from './completions.js';
import { type Token, tokenize } from './highlight.js';
import './pattern-editor.css';
import { patternErrorText, type ShownPatternError } from '../../ui/pattern-messages.js';

export interface Validation {
  parsed: ParsedPattern | null;
  error: ShownPatternError | null;
  /** The error is the server's (it knows the dictionaries), not the parser's. */
  fromServer?: boolean;
}

export function validatePattern(pattern: string): Validation {
  if (!pattern) return { parsed: null, error: null };
  try {
    return { parsed: parsePattern(pattern), error: null };
  } catch (error) {
    if (error instanceof PatternError) return { parsed: null, error };
    return {
      parsed: null,
      error: {
        message: error instanceof Error ? error.message : String(error),
        start: 0,
        end: pattern.length,
        expected: [],
      },
    };
  }
}

/** Highlighted tokens with the error span (or point) marked. */
function renderMirror(pattern: string, tokens: Token[], error: ShownPatternError | null): ReactNode[] {
  const nodes: ReactNode[] = [];
  // Cut tokens at the error boundaries so the mark covers exactly [start, end).
  const cuts = new Set<number>();
  let errStart = -1;
  let errEnd = -1;
  if (error) {
    errStart = Math.min(error.start, pattern.length);
    errEnd = Math.min(Math.max(error.end, error.start), pattern.length);
    if (errEnd === errStart && errStart < pattern.length) errEnd = errStart + 1; // a point: mark the character there
    cuts.add(errStart);
    cuts.add(errEnd);
  }
  const pieces: { text: string; cls: string; start: number }[] = [];
  for (const t of tokens) {
    let from = 0;
    for (let k = 1; k < t.text.length; k++) {
      if (cuts.has(t.start + k)) {
        pieces.push({ text: t.text.slice(from, k), cls: t.cls, start: t.start + from });
        from = k;
      }
    }
    pieces.push({ text: t.text.slice(from), cls: t.cls, start: t.start + from });
  }
  let markOpen: ReactNode[] | null = null;
  for (const p of pieces) {
    const span = (
      <span key={p.start} className={`tok-${p.cls}`}>
        {p.text}
      </span>
    );
    const inError = error && p.start >= errStart && p.start < errEnd;
    if (inError) {
      if (!markOpen) markOpen = [];
      markOpen.push(span);
    } else {
      if (markOpen) {
        nodes.push(markNode(markOpen, errStart, errEnd));
        markOpen = null;
      }
      nodes.push(span);
    }
  }
  if (markOpen) nodes.push(markNode(markOpen, errStart, errEnd));
  if (error && errStart >= pattern.length)
    nodes.push(
      <span
        key="end-mark"
        className="tok-error tok-error-point"
        data-testid="pattern-error-mark"
        data-start={errStart}
        data-end={errStart}
      >
        {'\u200b'}
      </span>,
    );
  nodes.push(<span key="tail">{'\u200b'}</span>);
  return nodes;
}

function markNode(children: ReactNode[], start: number, end: number) {
  return (
    <span
      key={`mark-${start}`}
      className="tok-error"
      data-testid="pattern-error-mark"
      data-start={start}
      data-end={end}
    >
      {children}
    </span>
  );
}

/**
 * The pattern editor: syntax highlighting, live validation with the parser's message underlined at
 * its position, and keyboard-first completions (completions.ts: Ctrl+Space, arrows, Enter or Tab,
 * Escape).
 */
export function PatternEditor({
  value,
  onChange,
  onSubmit,
  meta,
  validation,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  meta: EditorMeta;
  validation: Validation;
  label: string;
}) {
  const { t } = useTranslation('playground');
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [cursor, setCursor] = useState(value.length);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const tokens = useMemo(() => tokenize(value), [value]);
  const suggestions = useMemo(
    () => (open ? completions(value, cursor, meta) : []),
    [open, value, cursor, meta],
  );
  const { requestTags } = meta;
  useEffect(() => {
    if (open) requestTags?.();
  }, [open, requestTags]);
  const error = validation.error;
  const listed = open && suggestions.length > 0;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;

  const apply = (s: Suggestion) => {
    const next = value.slice(0, s.replace.start) + s.text + value.slice(s.replace.end);
    const pos = s.replace.start + s.text.length;
    onChange(next);
    setCursor(pos);
    setActive(0);
    // Keep completing after a symbol, a kind or an operator; close after a finished tag.
    setOpen(s.kind === 'symbol' || s.kind === 'dictionary' || s.kind === 'generator');
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(pos, pos);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      setCursor(e.currentTarget.selectionStart);
      setOpen(true);
      setActive(0);
      return;
    }
    if (open && suggestions.length > 0) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setActive((a) => (a + 1) % suggestions.length);
        return;
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => (a - 1 + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        apply(suggestions[Math.min(active, suggestions.length - 1)]);
        return;
      }
      if (e.key === 'Escape') {
        // Close the list only: not the dialog or drawer around the editor (see the textarea's
        // data-mantine-stop-propagation, which Mantine's capture-phase listener honours).
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        return;
      }
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <div>
      <Text component="label" htmlFor={id} size="sm" fw={500} mb={4} display="block">
        {label}
      </Text>
      <div className="pattern-editor" data-testid="pattern-editor">
        <div className="mirror" aria-hidden="true" data-testid="pattern-mirror">
          {renderMirror(value, tokens, error)}
        </div>
        <textarea
          ref={ref}
          id={id}
          rows={1}
          value={value}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listId}
          aria-activedescendant={listed ? `${listId}-${active}` : undefined}
          data-mantine-stop-propagation={listed ? 'true' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const v = e.currentTarget.value.replace(/\n/g, '');
            onChange(v);
            setCursor(e.currentTarget.selectionStart);
            setActive(0);
            const auto = completions(v, e.currentTarget.selectionStart, meta);
            setOpen(auto.some((s) => s.kind !== 'symbol'));
          }}
          onSelect={(e) => setCursor(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          data-testid="pattern-input"
        />
      </div>
      {listed && (
        <Paper
          withBorder
          shadow="md"
          mt={4}
          p={4}
          role="listbox"
          id={listId}
          aria-label={t('editor.suggestions')}
          data-testid="suggestions"
        >
          {suggestions.map((s, i) => (
            <UnstyledButton
              key={`${s.kind}:${s.text}:${s.replace.start}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => apply(s)}
              display="flex"
              w="100%"
              px="sm"
              py={4}
              style={{
                borderRadius: 6,
                gap: 12,
                justifyContent: 'space-between',
                background: i === active ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              <Text span ff="monospace" fw={600} size="sm">
                {s.text}
              </Text>
              <Text span size="xs" c="dimmed" truncate>
                {t(`editor.kinds.${s.kind}`)}
                {s.description ? ` · ${s.description}` : ''}
              </Text>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {error ? (
        <Text
          c="var(--mantine-color-error)"
          size="sm"
          mt={6}
          id={errorId}
          role="alert"
          data-testid="pattern-error"
        >
          {patternErrorText(error, t)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6} data-testid="pattern-hint">
          <span className="pattern-editor-keys-hint">{t('editor.hint')} </span>
          {t('editor.casingHint')}
        </Text>
      )}
    </div>
  );
}
