/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["code"]," é o seu código do ",["product"],". Ele expira em ",["minutes","plural",{"one":["#"," minuto"],"other":["#"," minutos"]}],"."]}',
) as Messages;
