/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["閉じる"],"requests.modal.error":["エラー"],"requests.modal.extraInfo":["補足情報（任意）"],"requests.modal.extraInfoHint":["著者、監督、放送局、リリース年、リンクなど"],"requests.modal.failed":["リクエストを送信できませんでした。もう一度お試しください。"],"requests.modal.mediaType":["メディアの種類"],"requests.modal.sent":["リクエストを受け付けました！"],"requests.modal.submit":["リクエストを送信"],"requests.modal.submitted":["送信完了"],"requests.modal.title":["未掲載の作品をリクエスト"],"requests.modal.titleField":["タイトル"]}',
) as Messages;
