'use client';

import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import type { SocialLogin as SocialLoginComponent } from './social-login';

type Props = ComponentProps<typeof SocialLoginComponent>;

/**
 * Where the login and registration forms show the Facebook and Google part: its code loads after
 * the page (the buttons also wait for the server's provider list), keeping the forms' first-load
 * JavaScript within the budget.
 */
export function SocialLoginSlot(props: Props) {
  const [Social, setSocial] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    void import('./social-login').then((m) => live && setSocial(() => m.SocialLogin));
    return () => {
      live = false;
    };
  }, []);
  return Social ? <Social {...props} /> : null;
}
