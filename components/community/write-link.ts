import { buttonClass } from '@/components/ui/button';

/** Classes of the accent "Write a review" / "Start a discussion" links above community lists. */
export const WRITE_LINK_CLASS = `mb-4 ${buttonClass('primary')}`;
