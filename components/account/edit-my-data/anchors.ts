/** Id of the e-mail and notification flags on /users/edit_my_data, which the notifications page links to. */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';
