import { formatDateFr } from '@vtc/shared/time/paris-time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-fetch';
import { Spinner } from './spinner';
import './data-table.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** `cell-number`, `cell-nowrap`; `cell-action` for a column of row buttons. */
  className?: string;
  /** Names the value on a phone, where each row is a card; default: the header when it is text. */
  label?: string;
}

function cardLabel<Row>(column: Column<Row>): string | undefined {
  if (column.className?.includes('cell-action')) return undefined;
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/** A creation date as dd/mm/yyyy (spec §5). */
export function createdAtColumn(header: string): Column<{ createdAt: string }> {
  return { key: 'createdAt', header, cell: (row) => formatDateFr(row.createdAt) };
}

interface TableStateRowProps {
  colSpan: number;
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  loadingLabel: string;
  emptyLabel: string;
}

/**
 * The row a table shows instead of data: a spinner while loading, the error, or "No Data".
 * Null when there are rows to show.
 */
export function TableStateRow({ colSpan, isPending, error, isEmpty, loadingLabel, emptyLabel }: TableStateRowProps) {
  let content: ReactNode = null;
  if (isPending) content = <Spinner label={loadingLabel} />;
  else if (error) content = <span role="alert">{errorMessage(error)}</span>;
  else if (isEmpty) content = emptyLabel;
  if (content === null) return null;
  return (
    <tr>
      <td colSpan={colSpan} className="table-state">
        {content}
      </td>
    </tr>
  );
}

export interface RowActions<Row> {
  /** Names the row for screen readers: "Modifier <label>". */
  rowLabel: (row: Row) => string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
}

interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  isPending: boolean;
  error?: unknown;
  getRowId: (row: Row) => string | number;
  /** The row being edited, shown highlighted. */
  highlightedId?: string | number | null;
  actions?: RowActions<Row>;
  /** What an empty table says instead of "No Data" (e.g. that a search found nothing). */
  emptyLabel?: string;
}

/**
 * An admin table with Modifier / Supprimer columns, loading and empty states; a card per row on a
 * phone (data-table.css, decision 0075).
 */
export function DataTable<Row>({ caption, columns, rows, isPending, error, getRowId, highlightedId, actions, emptyLabel }: DataTableProps<Row>) {
  const { t } = useTranslation('admin');
  const list = rows ?? [];
  const colSpan = columns.length + (actions?.onEdit ? 1 : 0) + (actions?.onDelete ? 1 : 0);
  return (
    // Focusable and named: a wide matrix scrolls in this frame, also from the keyboard.
    <div className="table-wrap data-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="table data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
            {actions?.onEdit ? <th scope="col">{t('actions.edit')}</th> : null}
            {actions?.onDelete ? <th scope="col">{t('actions.delete')}</th> : null}
          </tr>
        </thead>
        <tbody>
          <TableStateRow
            colSpan={colSpan}
            isPending={isPending}
            error={error}
            isEmpty={list.length === 0}
            loadingLabel={t('table.loading')}
            emptyLabel={emptyLabel ?? t('table.noData')}
          />
          {isPending || error
            ? null
            : list.map((row, index) => {
                const id = getRowId(row);
                const highlighted = highlightedId !== undefined && highlightedId !== null && id === highlightedId;
                return (
                  <tr key={id} className={highlighted ? 'is-editing' : undefined} aria-current={highlighted ? 'true' : undefined}>
                    {columns.map((column) => {
                      const label = cardLabel(column);
                      return (
                        <td key={column.key} className={column.className} data-label={label}>
                          {/* One box beside the label on a phone, however many lines the cell holds. */}
                          {label === undefined ? column.cell(row, index) : <div className="cell-value">{column.cell(row, index)}</div>}
                        </td>
                      );
                    })}
                    {actions?.onEdit ? (
                      <td className="cell-action">
                        <RowButton label={t('actions.edit')} rowLabel={actions.rowLabel(row)} onClick={() => actions.onEdit?.(row)} />
                      </td>
                    ) : null}
                    {actions?.onDelete ? (
                      <td className="cell-action">
                        <RowButton
                          label={t('actions.delete')}
                          rowLabel={actions.rowLabel(row)}
                          onClick={() => actions.onDelete?.(row)}
                          danger
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}

interface RowButtonProps {
  label: string;
  rowLabel: string;
  onClick: () => void;
  danger?: boolean;
}

/** A button of one row: reads "Modifier" on screen and "Modifier <row>" to a screen reader. */
export function RowButton({ label, rowLabel, onClick, danger }: RowButtonProps) {
  return (
    <button type="button" className={danger ? 'btn btn-small btn-danger-outline' : 'btn btn-small btn-secondary'} onClick={onClick}>
      {label}
      <span className="visually-hidden"> {rowLabel}</span>
    </button>
  );
}
