import { z } from 'zod';
import { PublicUser } from './auth-schemas.ts';

/** An account as the admin's user list shows it. */
export const UserListItem = PublicUser.extend({
  created_at: z.string(),
  booking_count: z.number().int().meta({ description: 'Bookings confirmed at step three, whatever their status since (quotes left at step one or two are not counted)' }),
});
export type UserListItem = z.infer<typeof UserListItem>;

/** The user list, by pages: pass `nextCursor` as `after` for the next one. */
export const UserPage = z.object({ data: z.array(UserListItem), nextCursor: z.number().nullable() });
export type UserPage = z.infer<typeof UserPage>;
