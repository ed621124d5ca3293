/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["code"]," es tu código de ",["product"],". Caduca en ",["minutes","plural",{"one":["#"," minuto"],"other":["#"," minutos"]}],"."]}',
) as Messages;
