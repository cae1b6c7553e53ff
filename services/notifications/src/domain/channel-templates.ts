import type { ChannelTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 40: the notice that a person's texts stopped arriving (SMS_FAILURES_BEFORE_FALLBACK failed or undelivered
// in a row), so their notifications come by push and email instead. It reaches them by those and the inbox.

export const channelTextsEn: Record<ChannelTemplateName, Render> = {
  sms_fallback_started: (c) =>
    `Brigade: our last texts to you could not be delivered, so your notifications now come by push and email, and all of them are in your inbox. Check your phone number, or reply START to a text once it works again: ${c.url}/settings`,
};

export const channelTextsEs: Record<ChannelTemplateName, Render> = {
  sms_fallback_started: (c) =>
    `Brigade: no pudimos entregarte nuestros últimos mensajes de texto, así que tus notificaciones ahora llegan por push y correo, y todas están en tu bandeja. Revisa tu número de teléfono, o responde START a un mensaje cuando vuelva a funcionar: ${c.url}/settings`,
};
