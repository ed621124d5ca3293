/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"phone.codeText":[["product"],"の確認コードは",["code"],"です。有効期限は",["minutes"],"分です。"],"reset.asked":[["product"],"アカウントのパスワード再設定のリクエストを受け付けました（ご本人によるものであることを願っています）。下のボタンから新しいパスワードを設定してください。このリンクは1回だけ使用でき、",["minutes"],"分後に有効期限が切れます。"],"reset.button":["新しいパスワードを設定する"],"reset.link":["または次のリンクを開いてください: ",["url"]],"reset.notYou":["お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。"],"reset.preview":[["product"],"の新しいパスワードを設定してください"],"reset.subject":[["product"],"のパスワードを再設定してください"],"reset.title":["パスワードの再設定"]}',
) as Messages;
