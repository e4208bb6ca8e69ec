import type { Database } from '../apps/api/src/db/client';

export type BenchContext = { base: string; token: string; database: Database };

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

/** The real API routes measured against the bare route; add one entry per hot path. */
export const scenarios: Scenario[] = [
  { name: 'GET /api/health (database round trip)', path: '/api/health' },
  { name: 'GET /api/profile/getAll (JWT + query)', path: '/api/profile/getAll', auth: true },
  { name: 'GET /api/user/getAll (admin list)', path: '/api/user/getAll?limit=50', auth: true },
];
