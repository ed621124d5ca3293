import { PRODUCT_NAME } from '@releasebell/contract/constants';
import { useEffect } from 'react';

/** Sets the document title to "{title} | Releasebell", or the product name and tagline alone. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: Never Miss A Release!`;
  }, [title]);
}
