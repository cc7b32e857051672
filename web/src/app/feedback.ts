import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification';

/**
 * Toasts, notifications and dialogs used outside React (HTTP client, login notice).
 * <FeedbackBridge> swaps in the App-context instances so they follow ConfigProvider
 * (locale, theme); until then the static antd functions are used.
 */
export interface FeedbackApi {
  message: {
    error: (content: string, duration?: number) => unknown;
    success: (content: string, duration?: number) => unknown;
    warning: (content: string, duration?: number) => unknown;
  };
  notification: {
    success: (args: NotificationArgs) => void;
    warning: (args: NotificationArgs) => void;
    info: (args: NotificationArgs) => void;
  };
  modal: {
    error: (config: ModalFuncProps) => unknown;
    confirm: (config: ModalFuncProps) => unknown;
  };
}

const staticFeedback: FeedbackApi = {
  message: {
    error: (content, duration) => staticMessage.error(content, duration),
    success: (content, duration) => staticMessage.success(content, duration),
    warning: (content, duration) => staticMessage.warning(content, duration),
  },
  notification: staticNotification,
  modal: { error: (config) => Modal.error(config), confirm: (config) => Modal.confirm(config) },
};

let current: FeedbackApi = staticFeedback;

export function feedback(): FeedbackApi {
  return current;
}

export function setFeedback(api: FeedbackApi | null): void {
  current = api ?? staticFeedback;
}
