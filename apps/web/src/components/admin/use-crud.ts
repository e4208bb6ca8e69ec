import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'react-toastify';
import { showError, showFormError } from '../../lib/form-errors';
import { useCrudList, type CrudResource, type ListQuery } from '../../lib/crud-resource';
import { useGlobalLoader } from '../ui/global-loader';

/** Handed to the form's resolver: some rules differ when editing (a car's image is optional). */
export interface CrudContext {
  editing: boolean;
}

interface UseCrudOptions<Item extends { id: number }, In extends FieldValues, Out, Body> {
  resource: CrudResource<Item, Body>;
  /** Filters the table's rows (GET getAll query). */
  listQuery?: ListQuery;
  /** False while the filter is not known yet. */
  listEnabled?: boolean;
  resolver: Resolver<In, CrudContext, Out>;
  /** The add-mode form; may follow the page's state (a filter, loaded cars) while not editing. */
  emptyValues: In;
  /** The form filled from a row (edit mode). */
  toFormValues: (item: Item) => In;
  /** The request body from the validated values (default: the values themselves). */
  toBody?: (values: Out) => Body;
  /** Other cached lists a change makes stale (deleting a car deletes its prices). */
  alsoInvalidate?: readonly (readonly unknown[])[];
  onSaved?: (item: Item) => void;
}

export interface Crud<Item extends { id: number }, In extends FieldValues, Out> {
  list: UseQueryResult<Item[]>;
  form: UseFormReturn<In, CrudContext, Out>;
  /** Registers a field and gives its error: `<TextField label=".." {...crud.field('name')} />`. */
  field: (name: Path<In>) => UseFormRegisterReturn<Path<In>> & { error: FieldError | undefined };
  formRef: RefObject<HTMLFormElement | null>;
  /** The row being edited; null in add mode. */
  editing: Item | null;
  startEdit: (item: Item) => void;
  /** Back to add mode with an empty form ("Annuler" in edit mode, "Réinitialiser" otherwise). */
  reset: () => void;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  deletion: {
    target: Item | null;
    ask: (item: Item) => void;
    cancel: () => void;
    confirm: () => Promise<void>;
  };
}

/**
 * The add / edit / delete behaviour every back-office screen shares (spec §2 and §4): Modifier
 * fills the form from the row, scrolls to the top and highlights the row; a save or cancel goes
 * back to add mode with an empty form; submits and deletes run under the global loader, show
 * the server's message as a toast and refresh the lists.
 */
export function useCrud<Item extends { id: number }, In extends FieldValues, Out, Body = Out>(
  options: UseCrudOptions<Item, In, Out, Body>,
): Crud<Item, In, Out> {
  const { resource, listQuery, listEnabled, resolver, emptyValues, toFormValues, alsoInvalidate = [], onSaved } = options;
  const list = useCrudList(resource, listQuery, { enabled: listEnabled });
  const toBody = options.toBody ?? ((values: Out) => values as unknown as Body);
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const formRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Item | null>(null);

  const form = useForm<In, CrudContext, Out>({
    resolver,
    context: { editing: editing !== null },
    defaultValues: emptyValues as DefaultValues<In>,
    // In add mode the empty form follows the page (filter, loaded cars); fields typed in stay.
    values: editing ? undefined : emptyValues,
    resetOptions: { keepDirtyValues: true },
  });

  // resetOptions above keep typed values on automatic resets only: these replace everything.
  const reset = () => {
    setEditing(null);
    form.reset(emptyValues, { keepDirtyValues: false });
  };

  const invalidate = () => {
    for (const key of [resource.key, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey: key });
  };

  const startEdit = (item: Item) => {
    setEditing(item);
    form.reset(toFormValues(item), { keepDirtyValues: false });
    // At once, not with the page's smooth scrolling: the form is there to be typed in, and a click
    // while the page still glides lands where the button was (e2e/back-office/hourly-rates.spec.ts).
    window.scrollTo({ top: 0, behavior: 'instant' });
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  };

  const submit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      const answer = await loader.run(() => (editing ? resource.update(editing.id, body) : resource.create(body)));
      toast.success(answer.message);
      invalidate();
      reset();
      onSaved?.(answer.data);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  const confirmDelete = async () => {
    const item = deleteTarget;
    if (!item) return;
    // The modal closes first: the global loader must not sit under it.
    setDeleteTarget(null);
    try {
      const answer = await loader.run(() => resource.remove(item.id));
      toast.success(answer.message);
      if (editing?.id === item.id) reset();
      invalidate();
    } catch (error) {
      showError(error);
    }
  };

  const field = (name: Path<In>) => ({ ...form.register(name), error: form.getFieldState(name, form.formState).error });

  return {
    list,
    form,
    field,
    formRef,
    editing,
    startEdit,
    reset,
    submit,
    deletion: { target: deleteTarget, ask: setDeleteTarget, cancel: () => setDeleteTarget(null), confirm: confirmDelete },
  };
}
