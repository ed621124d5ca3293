/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["Fechar"],"requests.modal.error":["Erro"],"requests.modal.extraInfo":["Informações adicionais (opcional)"],"requests.modal.extraInfoHint":["Autor, diretor, emissora, ano de lançamento ou um link"],"requests.modal.failed":["Não foi possível enviar o pedido. Tente novamente."],"requests.modal.mediaType":["Tipo de mídia"],"requests.modal.sent":["Seu pedido foi enviado!"],"requests.modal.submit":["Enviar pedido"],"requests.modal.submitted":["Pedido enviado"],"requests.modal.title":["Pedir conteúdo que falta"],"requests.modal.titleField":["Título"]}',
) as Messages;
