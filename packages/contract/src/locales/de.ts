/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["code"]," ist dein ",["product"],"-Code. Er läuft in ",["minutes","plural",{"one":["#"," Minute"],"other":["#"," Minuten"]}]," ab."]}',
) as Messages;
