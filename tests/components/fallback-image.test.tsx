import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FallbackImage } from '@/components/ui/fallback-image';

/** happy-dom never loads images; `complete` decides whether an image counts as still loading. */
let complete = false;
const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');

beforeEach(() => {
  complete = false;
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => complete });
});

afterEach(() => {
  cleanup();
  if (original) Object.defineProperty(HTMLImageElement.prototype, 'complete', original);
});

const placeholder = <span data-testid="placeholder">Blu-ray</span>;

describe('FallbackImage', () => {
  it('shows the image while it loads and the fallback once it fails', () => {
    render(<FallbackImage src="https://example.invalid/cover.jpg" alt="Cover" fallback={placeholder} />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img.getAttribute('src')).toBe('https://example.invalid/cover.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByTestId('placeholder')).toBeNull();
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('placeholder').textContent).toBe('Blu-ray');
  });

  it('falls back on mount when the image already failed before hydration (complete, no pixels)', () => {
    complete = true;
    render(<FallbackImage src="https://example.invalid/gone.jpg" alt="Gone" fallback={placeholder} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('placeholder')).toBeTruthy();
  });

  it('tries again when the source changes', () => {
    const { rerender } = render(<FallbackImage src="https://example.invalid/a.jpg" alt="A" fallback={placeholder} />);
    fireEvent.error(screen.getByRole('img', { name: 'A' }));
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    rerender(<FallbackImage src="https://example.invalid/b.jpg" alt="B" fallback={placeholder} />);
    expect(screen.getByRole('img', { name: 'B' }).getAttribute('src')).toBe('https://example.invalid/b.jpg');
  });
});
