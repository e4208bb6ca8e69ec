import { z } from 'zod';

/**
 * The envelopes the API wraps its items in, built from an item schema so that the route that
 * declares them and the web that reads them share one shape; and its one error shape.
 */

/** Every error: `{ message, code, errors? }`, message in the language of Accept-Language. */
export const ErrorResponse = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ description: 'Error: `message` is translated (Accept-Language: fr, en, ar); `errors` names the fields at fault.' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** `{ data: [...] }` */
export const listResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
/** The same as a type, given the item's type (e.g. `ListResponse<CarItem>`). */
export type ListResponse<Item> = z.infer<ReturnType<typeof listResponse<z.ZodType<Item>>>>;

/** `{ message, data }`: the translated 'created', 'updated' or 'deleted' and the record. */
export const mutationResponse = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
export type MutationResponse<Item> = z.infer<ReturnType<typeof mutationResponse<z.ZodType<Item>>>>;

/** `{ data }`: one record. */
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });
export type ItemResponse<Item> = z.infer<ReturnType<typeof itemResponse<z.ZodType<Item>>>>;

/** The data of a delete: the id that was removed. */
export const DeletedItem = z.object({ id: z.number().int() });
export type DeletedItem = z.infer<typeof DeletedItem>;

/** `{ data, nextCursor }`: one page of a list read by keyset paging, newest first. */
export const cursorPageResponse = <T extends z.ZodType, C extends z.ZodType>(item: T, cursor: C) =>
  z.object({ data: z.array(item), nextCursor: cursor });
export type CursorPageResponse<Item, Cursor> = z.infer<ReturnType<typeof cursorPageResponse<z.ZodType<Item>, z.ZodType<Cursor>>>>;
