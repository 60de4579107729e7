import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogSize } from '@/components/ui/dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it.each<[DialogSize, string]>([
    ['sm', 'max-w-[500px]'],
    ['md', 'max-w-[750px]'],
    ['lg', 'max-w-[900px]'],
  ])('size %s is %s wide (500, 750 or 900 px)', (size, cls) => {
    render(
      <Dialog open onOpenChange={() => {}} title="Title" size={size}>
        body
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Title' }).className).toContain(cls);
  });

  it('is labelled by its title and description and closes with the close button and Escape', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Heading" description="Details" closeLabel="Close">
        <button type="button">inside</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Heading' });
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Details');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('can be an alertdialog', () => {
    render(<Dialog open onOpenChange={() => {}} title="Update" role="alertdialog" />);
    expect(screen.getByRole('alertdialog', { name: 'Update' })).toBeTruthy();
  });
});

describe('Dialog focus', () => {
  it('returns focus on close to the element that had it when the dialog opened', async () => {
    function Harness({ open }: { open: boolean }) {
      return (
        <>
          <button type="button">opener</button>
          <Dialog open={open} onOpenChange={() => {}} title="Focus" closeLabel="Close">
            <input aria-label="field" />
          </Dialog>
        </>
      );
    }
    const { rerender } = render(<Harness open={false} />);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    rerender(<Harness open />);
    expect(document.activeElement).not.toBe(opener);
    rerender(<Harness open={false} />);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
