/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["code"]," is your ",["product"]," code. It expires in ",["minutes","plural",{"one":["#"," minute"],"other":["#"," minutes"]}],"."]}',
) as Messages;
