/** The sandbox's demo accounts (docs/product.md §12) and where each one lands after sign-in (§1). */

export const DEMO_PASSWORD = "demo";

export type DemoAccount = {
  username: string;
  role: string;
  /** The path `/default-redirect` sends this account to. */
  defaultPath: string;
};

export const demoAccounts: readonly DemoAccount[] = [
  { username: "seller.active@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/home/overview" },
  { username: "seller.new@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/overview" },
  { username: "seller.submitted@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/overview" },
  { username: "seller.mapped@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/overview" },
  { username: "seller.catalogue@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/overview" },
  { username: "viewer@example.com", role: "SELLER_VIEWER_EXTERNAL", defaultPath: "/home/overview" },
  { username: "admin@example.com", role: "OPERATOR_ADMINISTRATOR", defaultPath: "/seller-administration" },
  { username: "bd@example.com", role: "OPERATOR_BUSINESSDEVELOPER", defaultPath: "/invite-seller" },
  { username: "bd.international@example.com", role: "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", defaultPath: "/seller-list" },
  { username: "success@example.com", role: "OPERATOR_SUCCESSMANAGER", defaultPath: "/seller-list" },
  { username: "operator@example.com", role: "OPERATOR_OTHER", defaultPath: "/seller-list" },
  { username: "tom@example.com", role: "TOM_TEAM_MEMBER", defaultPath: "/product-catalogue-integration" },
  { username: "seller.small@example.com", role: "SELLER_ADMINISTRATOR", defaultPath: "/home/overview" },
];

export function demoAccount(username: string): DemoAccount {
  const account = demoAccounts.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`No demo account ${username}`);
  return account;
}
