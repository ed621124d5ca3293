import { PRODUCT_NAME } from '@releasebell/contract/constants';
import { useEffect } from 'react';
import { useT } from './i18n';

const MESSAGES = {
  home: /*i18n*/ { id: 'lib.pageTitle.home', message: '{product}: Never Miss A Release!' },
};

/** Sets the document title to "{title} | Releasebell", or the product name and tagline alone. */
export function usePageTitle(title: string | null | undefined) {
  const t = useT();
  const home = t(MESSAGES.home, { product: PRODUCT_NAME });
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : home;
  }, [title, home]);
}
