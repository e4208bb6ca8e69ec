export type BenchContext = { base: string; token: string };

export type Scenario = {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  auth?: boolean;
  headers?: Record<string, string>;
  body?: string;
  /** Creates what the route needs and may replace its path, headers or body. */
  prepare?(context: BenchContext): Promise<{ path?: string; headers?: Record<string, string>; body?: string } | void>;
};

/** Step one for the bench's customer (the admin), then step two of that booking is measured. */
async function stepTwoOf({ base, token }: BenchContext, trip: Record<string, unknown>) {
  const response = await fetch(`${base}/api/user/booking/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      ...trip,
      passengers: JSON.stringify({ adults: 3, children: 1, childrenSeat: 1 }),
      packages: JSON.stringify({ under10kg: 2, above10kg: 1, above30kg: 0 }),
    }),
  });
  if (response.status !== 201) throw new Error(`booking for the bench: ${response.status} ${await response.text()}`);
  const { bookingId } = (await response.json()) as { bookingId: number };
  return { path: `/api/user/booking/step-two/${bookingId}` };
}

/** The real API routes measured against the bare route; add one entry per hot path. */
export const scenarios: Scenario[] = [
  { name: 'GET /api/config/public (no database)', path: '/api/config/public' },
  { name: 'GET /api/health (database round trip)', path: '/api/health' },
  { name: 'GET /api/profile/getAll (JWT + query)', path: '/api/profile/getAll', auth: true },
  { name: 'GET /api/user/getAll (admin list)', path: '/api/user/getAll?limit=50', auth: true },
  {
    name: 'GET /api/user/booking/step-two/{id} (all cars priced)',
    path: '/api/user/booking/step-two/1',
    auth: true,
    prepare: (context) =>
      stepTwoOf(context, {
        origin: { title: 'Nice', placeId: 'city-nice' },
        destination: { title: 'Monaco', placeId: 'city-monaco' },
        date: `${new Date().getFullYear() + 1}-07-14T21:30`,
      }),
  },
  {
    // The same budget as a transfer's step two (issue 22): every car priced by its hire rate.
    name: 'GET /api/user/booking/step-two/{id} (hire, all cars priced)',
    path: '/api/user/booking/step-two/1',
    auth: true,
    prepare: (context) =>
      stepTwoOf(context, {
        serviceType: 'hourly',
        hours: 5.5,
        origin: { title: 'Nice', placeId: 'city-nice' },
        programme: 'Cannes, Antibes, Saint-Paul-de-Vence',
        date: `${new Date().getFullYear() + 1}-07-14T17:30`,
      }),
  },
  { name: 'GET /api/pricingList/getAll?location=1 (public)', path: '/api/pricingList/getAll?location=1' },
];
