'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The contact form (contact-form.tsx), loaded after the page: its form and bot-check code stay out
 * of the first-load JavaScript of the contact pages, which are otherwise at the budget's edge.
 */
export const ContactFormLoader = clientOnly(() => import('./contact-form').then((m) => m.ContactForm), <LoadingNote />);
