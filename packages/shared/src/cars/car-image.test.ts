import { describe, expect, it } from 'vitest';
import { checkCarImage, IMAGE_ACCEPT, MAX_IMAGE_BYTES, sniffImageType } from './car-image.ts';

describe('checkCarImage', () => {
  it('requires an image only when adding', () => {
    expect(checkCarImage(undefined, { required: true })).toBe('image_required');
    expect(checkCarImage({ type: 'image/png', size: 0 }, { required: true })).toBe('image_required');
    expect(checkCarImage(null, { required: false })).toBeNull();
  });
  it('checks the type and the size', () => {
    expect(checkCarImage({ type: 'image/gif', size: 10 }, { required: true })).toBe('invalid_image');
    expect(checkCarImage({ type: 'image/webp', size: MAX_IMAGE_BYTES }, { required: true })).toBeNull();
    expect(checkCarImage({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 }, { required: false })).toBe('image_too_large?max=5');
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});
