import { Button, SimpleGrid, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { boxOf, colOf, type Grid, rowOf } from './sudoku-puzzle.js';
import './sudoku.css';

export interface BoardProps {
  slug: string;
  givens: Grid;
  entries: Grid;
  clashing: ReadonlySet<number>;
  selected: number;
  onSelect: (cell: number) => void;
  /** Puts a digit (1–9) in a cell, or 0 to erase it; given cells are never changed. */
  onEnter: (digit: number, cell: number) => void;
}

const NINE = [0, 1, 2, 3, 4, 5, 6, 7, 8];

const MOVES: Record<string, number> = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };

/**
 * The 9×9 grid as an ARIA grid (a table) with one tab stop: arrows move the selection, digits fill it,
 * Backspace, Delete or 0 erase it. Each cell says its position, its digit or "empty", whether it is
 * given and whether it clashes, so the state is not told by colour alone.
 */
export function SudokuBoard({ slug, givens, entries, clashing, selected, onSelect, onEnter }: BoardProps) {
  const { t } = useTranslation('extras');
  const cells = useRef<(HTMLTableCellElement | null)[]>([]);

  const move = (cell: number) => {
    onSelect(cell);
    cells.current[cell]?.focus();
  };

  // The key acts on the cell it was pressed in (the focused one), not on state from the last render.
  const onKeyDown = (cell: number) => (event: KeyboardEvent) => {
    const step = MOVES[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = cell + step;
      // Left and right stay within the row; up and down within the grid.
      if (Math.abs(step) === 1 && rowOf(next) !== rowOf(cell)) return;
      if (next >= 0 && next < 81) move(next);
      return;
    }
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      onEnter(Number(event.key), cell);
    } else if (['Backspace', 'Delete', '0'].includes(event.key)) {
      event.preventDefault();
      onEnter(0, cell);
    }
  };

  return (
    <table
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an editable table is ARIA's data grid pattern
      role="grid"
      aria-label={t('sudoku.board', { slug })}
      className="sudoku-board"
      data-testid="sudoku-board"
    >
      <tbody>
        {NINE.map((row) => (
          <tr key={row}>
            {NINE.map((col) => {
              const cell = row * 9 + col;
              const digit = entries[cell];
              const given = givens[cell] !== 0;
              const clash = clashing.has(cell);
              const state = [
                digit ? String(digit) : t('sudoku.empty'),
                given ? t('sudoku.given') : null,
                clash ? t('sudoku.conflict') : null,
              ]
                .filter(Boolean)
                .join(', ');
              const classes = ['sudoku-cell'];
              if (given) classes.push('is-given');
              if (clash) classes.push('is-clash');
              if (cell === selected) classes.push('is-selected');
              else if (
                rowOf(cell) === rowOf(selected) ||
                colOf(cell) === colOf(selected) ||
                boxOf(cell) === boxOf(selected)
              )
                classes.push('is-peer');
              if (digit && digit === entries[selected]) classes.push('is-same');
              return (
                <td
                  key={cell}
                  ref={(el) => {
                    cells.current[cell] = el;
                  }}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the data grid's cells
                  role="gridcell"
                  tabIndex={cell === selected ? 0 : -1}
                  aria-selected={cell === selected}
                  aria-readonly={given}
                  aria-label={`${t('sudoku.cell', { row: row + 1, col: col + 1 })}: ${state}`}
                  className={classes.join(' ')}
                  data-cell={cell}
                  data-clash={clash || undefined}
                  onClick={() => move(cell)}
                  onKeyDown={onKeyDown(cell)}
                >
                  <span aria-hidden="true">{digit || ''}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Digits and erase as buttons, for touch screens and mice. */
export function NumberPad({
  onEnter,
  disabled,
}: {
  /** Puts a digit in the selected cell, or 0 to erase it. */
  onEnter: (digit: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('extras');
  return (
    <SimpleGrid
      role="group"
      aria-label={t('sudoku.pad')}
      cols={{ base: 5, xs: 10 }}
      spacing={6}
      w="min(90vw, 432px)"
    >
      {Array.from({ length: 9 }, (_, i) => i + 1).map((d) => (
        <Button
          key={d}
          variant="default"
          px={0}
          disabled={disabled}
          onClick={() => onEnter(d)}
          data-testid={`pad-${d}`}
        >
          {d}
        </Button>
      ))}
      <Button variant="light" color="gray" px={0} disabled={disabled} onClick={() => onEnter(0)}>
        <span aria-hidden="true">⌫</span>
        <VisuallyHidden>{t('sudoku.erase')}</VisuallyHidden>
      </Button>
    </SimpleGrid>
  );
}
