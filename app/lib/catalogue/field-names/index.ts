/**
 * The names of the fields in the systems sellers export from, one file per
 * system (see docs/decisions/016-catalogue-files-as-sellers-have-them.md for
 * the sources). The order here only matters for reading.
 */
import { afterbuy } from "./afterbuy.ts";
import { amazon } from "./amazon.ts";
import { billbee } from "./billbee.ts";
import { bmecat } from "./bmecat.ts";
import { common } from "./common.ts";
import { datanorm } from "./datanorm.ts";
import { gs1 } from "./gs1.ts";
import { jtlWawi } from "./jtl-wawi.ts";
import { magento2 } from "./magento2.ts";
import { plentymarkets } from "./plentymarkets.ts";
import { prestashop } from "./prestashop.ts";
import { pricat } from "./pricat.ts";
import { sapBusinessOne } from "./sap-business-one.ts";
import { shopify } from "./shopify.ts";
import { shopware5 } from "./shopware5.ts";
import { shopware6 } from "./shopware6.ts";
import type { SourceNames } from "./source.ts";
import { woocommerce } from "./woocommerce.ts";
import { xentral } from "./xentral.ts";

export type { NameEntry, SourceNames } from "./source.ts";

export const sourceSystems: readonly SourceNames[] = [
  common,
  woocommerce,
  shopify,
  shopware5,
  shopware6,
  magento2,
  prestashop,
  jtlWawi,
  plentymarkets,
  xentral,
  billbee,
  afterbuy,
  sapBusinessOne,
  datanorm,
  pricat,
  bmecat,
  gs1,
  amazon,
];
