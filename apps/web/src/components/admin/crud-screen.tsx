import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../ui/confirm-modal';
import { DataTable, type Column } from '../ui/data-table';
import type { Crud } from './use-crud';

type Row = { id: number };

interface CrudFormCardProps<Item extends Row, In extends FieldValues, Out> {
  crud: Crud<Item, In, Out>;
  title: { add: string; edit: string };
  /** The form's fields; the Modifier/Ajouter and Annuler/Réinitialiser buttons are added. */
  children: ReactNode;
  className?: string;
}

/** The add / edit form of a screen in a card; its heading and buttons follow the mode. */
export function CrudFormCard<Item extends Row, In extends FieldValues, Out>({
  crud,
  title,
  children,
  className,
}: CrudFormCardProps<Item, In, Out>) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const editing = crud.editing !== null;
  const { isSubmitting } = crud.form.formState;
  return (
    <section className={['card', 'crud-card', editing ? 'is-editing' : '', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {editing ? title.edit : title.add}
      </h2>
      <form ref={crud.formRef} className="crud-form" onSubmit={crud.submit} noValidate aria-labelledby={titleId}>
        <div className="crud-fields">{children}</div>
        <div className="crud-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {editing ? t('actions.edit') : t('actions.add')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={crud.reset} disabled={isSubmitting}>
            {editing ? t('actions.cancel') : t('actions.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}

interface CrudTableProps<Item extends Row, In extends FieldValues, Out> {
  crud: Crud<Item, In, Out>;
  caption: string;
  columns: readonly Column<Item>[];
  /** Names a row in the accessible names of its buttons. */
  rowLabel: (item: Item) => string;
}

/** The screen's rows with Modifier / Supprimer; the row being edited is highlighted. */
export function CrudTable<Item extends Row, In extends FieldValues, Out>({ crud, caption, columns, rowLabel }: CrudTableProps<Item, In, Out>) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={crud.list.data}
      isPending={crud.list.isPending}
      error={crud.list.error}
      getRowId={(item) => item.id}
      highlightedId={crud.editing?.id}
      actions={{ rowLabel, onEdit: crud.startEdit, onDelete: crud.deletion.ask }}
    />
  );
}

interface CrudDeleteModalProps<Item extends Row, In extends FieldValues, Out> {
  crud: Crud<Item, In, Out>;
  /** "Supprimer la voiture": asked about the item, "Supprimer la voiture « Mercedes Classe E » ?". */
  title: string;
  /** Names the item in the question (usually the table's rowLabel). */
  itemName: (item: Item) => string;
  /** Default: "Êtes-vous sûr(e) de vouloir supprimer ?". */
  text?: string;
}

/** Supprimer asks first, naming the item: Annuler / Supprimer. */
export function CrudDeleteModal<Item extends Row, In extends FieldValues, Out>({ crud, title, itemName, text }: CrudDeleteModalProps<Item, In, Out>) {
  const { t } = useTranslation('admin');
  const target = crud.deletion.target;
  return (
    <ConfirmModal
      open={target !== null}
      title={target === null ? title : t('actions.deleteNamed', { title, name: itemName(target) })}
      text={text ?? t('actions.confirmDelete')}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      onConfirm={() => void crud.deletion.confirm()}
      onCancel={crud.deletion.cancel}
    />
  );
}

interface CrudScreenProps<Item extends Row, In extends FieldValues, Out> {
  /**
   * The screen's key in admin.json: pages.<page>.title, .text, .formAdd, .formEdit and the
   * delete modal's title delete.<page>.
   */
  page: string;
  crud: Crud<Item, In, Out>;
  fields: ReactNode;
  /** Shown between the form and the table, e.g. a filter. */
  filter?: ReactNode;
  table: Omit<CrudTableProps<Item, In, Out>, 'crud' | 'caption'>;
  deleteText?: string;
}

/** A whole back-office screen: heading, add/edit form, optional filter, table, delete confirmation. */
export function CrudScreen<Item extends Row, In extends FieldValues, Out>({
  page,
  crud,
  fields,
  filter,
  table,
  deleteText,
}: CrudScreenProps<Item, In, Out>) {
  const { t } = useTranslation('admin');
  const title = t(`pages.${page}.title`);
  return (
    <div className="admin-page">
      <h1 className="admin-title">{title}</h1>
      <p className="admin-lead">{t(`pages.${page}.text`)}</p>
      <CrudFormCard crud={crud} title={{ add: t(`pages.${page}.formAdd`), edit: t(`pages.${page}.formEdit`) }}>
        {fields}
      </CrudFormCard>
      {filter}
      <CrudTable crud={crud} caption={title} {...table} />
      <CrudDeleteModal crud={crud} title={t(`delete.${page}`)} itemName={table.rowLabel} text={deleteText} />
    </div>
  );
}
