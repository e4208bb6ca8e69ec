import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { DestinationBody, OriginBody } from './place-schemas.ts';

describe('place schemas', () => {
  it('reads origins and destinations', () => {
    expect(OriginBody.parse({ name: 'Nice', title: '' })).toEqual({ name: 'Nice', title: undefined });
    expect(OriginBody.parse({ name: 'Nice', title: 'Nice Côte d’Azur' }).title).toBe('Nice Côte d’Azur');
    expect(DestinationBody.parse({ name: 'Monaco', originId: '1' })).toEqual({ name: 'Monaco', originId: 1 });
  });
  it('requires names and the origin', () => {
    expect(issuesOf(OriginBody.safeParse({}))).toEqual({ name: 'required' });
    expect(issuesOf(DestinationBody.safeParse({ name: 'x' }))).toEqual({ originId: 'required' });
  });
});
