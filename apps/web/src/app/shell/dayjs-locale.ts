import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from '@/i18n';

// Dates (pickers, relative times) follow the language. Only the console shows any, so this
// loads with it; it is set before the console's first render and on every switch.
const followLanguage = (lng: string) => void dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);
