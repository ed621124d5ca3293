/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["product"],"の確認コードは",["code"],"です。有効期限は",["minutes"],"分です。"]}',
) as Messages;
