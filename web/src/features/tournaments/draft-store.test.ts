import { describe, expect, it } from 'vitest';
import { regionForTimeZone } from './draft-store';

describe("a new tournament draft's region (record 122)", () => {
  it('is EU for a host in Europe, and for a zone that names no place', () => {
    expect(regionForTimeZone('Europe/Helsinki')).toBe('EU');
    expect(regionForTimeZone('Europe/London')).toBe('EU');
    expect(regionForTimeZone('Atlantic/Canary')).toBe('EU');
    expect(regionForTimeZone('UTC')).toBe('EU');
    expect(regionForTimeZone('Etc/UTC')).toBe('EU');
  });

  it('is Global for a host on another continent', () => {
    expect(regionForTimeZone('America/New_York')).toBe('GLOB');
    expect(regionForTimeZone('America/Argentina/Buenos_Aires')).toBe('GLOB');
    expect(regionForTimeZone('Asia/Manila')).toBe('GLOB');
    expect(regionForTimeZone('Australia/Sydney')).toBe('GLOB');
    expect(regionForTimeZone('Africa/Lagos')).toBe('GLOB');
  });
});
