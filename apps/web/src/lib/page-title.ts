import { PRODUCT_NAME, PRODUCT_TITLE, TAGLINE } from '@releasebell/contract/constants';
import { useEffect } from 'react';
import { useT } from './i18n';

/** Sets the document title to "{title} | Releasebell", or the product name and tagline alone. */
export function usePageTitle(title: string | null | undefined) {
  const t = useT();
  // The server's head for a page it names no title for says the same (page-head.ts): no flicker.
  const home = t(PRODUCT_TITLE, { product: PRODUCT_NAME, tagline: t(TAGLINE) });
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : home;
  }, [title, home]);
}
