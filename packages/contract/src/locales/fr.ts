/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["code"]," est votre code ",["product"],". Il expire dans ",["minutes","plural",{"one":["#"," minute"],"other":["#"," minutes"]}],"."]}',
) as Messages;
