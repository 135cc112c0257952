import {
  Alert,
  Button,
  Container,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NumberPad, SudokuBoard } from './sudoku-board.js';
import {
  conflicts,
  isPuzzleSlug,
  isSolved,
  MAX_SLUG_LENGTH,
  normaliseSlug,
  type Puzzle,
  puzzleFromSlug,
} from './sudoku-puzzle.js';

/** The pattern that names new puzzles: friendly words and a number, like the product's own slugs. */
const PUZZLE_NAME_PATTERN = '{adjective}-{noun}-{number:3d}';

/** A new puzzle name forged in the browser by our own generator on its built-in word list. */
async function forgePuzzleName(): Promise<string> {
  const { Generator, SAMPLE_BUNDLE } = await import('@slugsmith/generator');
  return new Generator(SAMPLE_BUNDLE).forge(PUZZLE_NAME_PATTERN, { count: 1 })[0];
}

/**
 * /sudoku?p=<slug>: a playable sudoku whose puzzle is named by the slug in the address, so the
 * link (or just the slug) shares the puzzle. Without a name it forges one.
 */
export function SudokuPage() {
  const { t } = useTranslation(['extras', 'navigation']);
  const [params, setParams] = useSearchParams();
  const name = params.get('p');
  const [forgeFailed, setForgeFailed] = useState(false);

  const newPuzzle = () => {
    setForgeFailed(false);
    forgePuzzleName().then(
      (slug) => setParams({ p: slug }, { replace: name === null }),
      () => setForgeFailed(true),
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a missing name asks for a new one
  useEffect(() => {
    if (name === null) newPuzzle();
  }, [name]);

  const valid = name !== null && isPuzzleSlug(name);
  const puzzle = useMemo(() => (valid ? puzzleFromSlug(name) : null), [valid, name]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('navigation:titles.sudoku')}</Title>
          <Text c="dimmed">{t('sudoku.intro')}</Text>
        </div>
        <PuzzleNameForm current={puzzle?.slug ?? ''} onOpen={(slug) => setParams({ p: slug })} />
        <Group gap="xs">
          <Button onClick={newPuzzle} data-testid="sudoku-new">
            {t('sudoku.newPuzzle')}
          </Button>
          {puzzle && (
            <CopyButton value={`${window.location.origin}/sudoku?p=${encodeURIComponent(puzzle.slug)}`}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-live="polite">
                  {copied ? t('sudoku.copied') : t('sudoku.copyLink')}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {forgeFailed && (
          <Alert color="red" variant="light" role="alert">
            {t('sudoku.forgeFailed')}
          </Alert>
        )}
        {name === null && !forgeFailed && (
          <Group gap="xs" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm">{t('sudoku.generating')}</Text>
          </Group>
        )}
        {name !== null && !valid && (
          <Alert color="red" variant="light" role="alert" data-testid="sudoku-invalid">
            {t('sudoku.invalidName', { max: MAX_SLUG_LENGTH })}
          </Alert>
        )}
        {puzzle && <Game key={puzzle.slug} puzzle={puzzle} />}
      </Stack>
    </Container>
  );
}

/** Open a puzzle by a name typed or pasted in. */
function PuzzleNameForm({ current, onOpen }: { current: string; onOpen: (slug: string) => void }) {
  const { t } = useTranslation('extras');
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current), [current]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPuzzleSlug(value)) {
      setError(t('sudoku.invalidName', { max: MAX_SLUG_LENGTH }));
      return;
    }
    setError(null);
    onOpen(normaliseSlug(value));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('sudoku.nameLabel')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={MAX_SLUG_LENGTH + 20}
          w={320}
          data-testid="sudoku-name"
        />
        <Button type="submit" variant="default">
          {t('sudoku.open')}
        </Button>
      </Group>
    </form>
  );
}

/** One puzzle being played; mounted afresh for each puzzle name. */
function Game({ puzzle }: { puzzle: Puzzle }) {
  const { t } = useTranslation('extras');
  const [entries, setEntries] = useState<number[]>(() => [...puzzle.givens]);
  const [selected, setSelected] = useState(() => puzzle.givens.indexOf(0));
  const clashing = useMemo(() => conflicts(entries), [entries]);
  const solved = useMemo(() => isSolved(entries), [entries]);
  const filled = entries.filter((d) => d > 0).length;

  const enter = (digit: number, cell = selected) => {
    if (solved || puzzle.givens[cell] !== 0) return;
    setEntries((now) => now.map((d, i) => (i === cell ? digit : d)));
  };

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        {t('sudoku.help')}
      </Text>
      <SudokuBoard
        slug={puzzle.slug}
        givens={puzzle.givens}
        entries={entries}
        clashing={clashing}
        selected={selected}
        onSelect={setSelected}
        onEnter={enter}
      />
      <NumberPad onEnter={(digit) => enter(digit)} disabled={solved} />
      <div aria-live="polite" data-testid="sudoku-status">
        {solved ? (
          <Alert
            color="teal"
            variant="light"
            title={t('sudoku.solved')}
            // Teal is too light for text on its own tint; the title takes the text colour.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            data-testid="sudoku-solved"
          >
            {t('sudoku.solvedMessage', { slug: puzzle.slug })}
          </Alert>
        ) : (
          <Text size="sm">
            {t('sudoku.progress', { filled })}
            {clashing.size > 0 && (
              <Text
                component="span"
                fw={600}
                style={{ color: 'var(--mantine-color-red-text)' }}
                data-testid="sudoku-clashes"
              >
                {' · '}
                {t('sudoku.conflicts', { count: clashing.size })}
              </Text>
            )}
          </Text>
        )}
      </div>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        onClick={() => setEntries([...puzzle.givens])}
        disabled={filled === puzzle.givens.filter((d) => d > 0).length}
      >
        {t('sudoku.clear')}
      </Button>
    </Stack>
  );
}
