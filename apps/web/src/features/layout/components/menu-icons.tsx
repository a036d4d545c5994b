import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons the server's menus name (by their @ant-design/icons name). Importing the whole icon
 * set would weigh megabytes; a name not listed here simply shows no icon.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

export function hasMenuIcon(name?: string): boolean {
  return name !== undefined && name in ICONS;
}
