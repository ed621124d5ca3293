import { describe, expect, it } from 'vitest';
import type { CatalogRepository } from './repository';
import { createCatalogService } from './service';

describe('catalog service today()', () => {
  it('follows the clock across UTC midnight and back', () => {
    let now = new Date('2026-06-15T23:59:59.999Z');
    const service = createCatalogService({} as CatalogRepository, () => now);
    expect(service.today()).toBe('2026-06-15');
    now = new Date('2026-06-16T00:00:00.000Z');
    expect(service.today()).toBe('2026-06-16');
    now = new Date('2026-06-14T10:00:00Z');
    expect(service.today()).toBe('2026-06-14');
  });
});
