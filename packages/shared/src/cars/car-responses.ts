import { z } from 'zod';

/** A car as the admin table and the public price list show it (spec naming: img_url, createdAt). */
export const CarItem = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  model: z.string(),
  seats: z.number().int(),
  packages: z.number().int().meta({ description: 'Luggage capacity (pieces)' }),
  img_url: z.string().nullable().meta({ description: 'Path under the API host, e.g. /uploads/<name>.webp' }),
  hidden: z.boolean().meta({ description: 'Hidden from customers (funnel, price list), prices kept' }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type CarItem = z.infer<typeof CarItem>;

/** A booking still to be driven by a car: what the admin must see before the car goes to the garage. */
export const UpcomingCarBooking = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'accepted', 'paid']),
  pickupAt: z.string().meta({ format: 'date-time' }),
  fullName: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
});
export type UpcomingCarBooking = z.infer<typeof UpcomingCarBooking>;

/**
 * PUT /car/visibility/{id}: the car as it is now, and the bookings it still has to drive (its
 * outward or return pickup to come); `message` says so when there are any.
 */
export const CarVisibilityResponse = z.object({
  message: z.string(),
  data: CarItem,
  upcomingBookings: z.array(UpcomingCarBooking),
});
export type CarVisibilityResponse = z.infer<typeof CarVisibilityResponse>;
