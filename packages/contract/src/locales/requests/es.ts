/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"requests.modal.close":["Cerrar"],"requests.modal.error":["Error"],"requests.modal.extraInfo":["Información adicional (opcional)"],"requests.modal.extraInfoHint":["Autor, director, cadena, año de estreno o un enlace"],"requests.modal.failed":["No se pudo enviar la solicitud. Inténtalo de nuevo."],"requests.modal.mediaType":["Tipo de contenido"],"requests.modal.sent":["¡Tu solicitud se ha enviado!"],"requests.modal.submit":["Enviar solicitud"],"requests.modal.submitted":["Solicitud enviada"],"requests.modal.title":["Solicitar contenido que falta"],"requests.modal.titleField":["Título"]}',
) as Messages;
