/**
 * A catalogue file's columns as the mapping form shows them: each header,
 * its sample values and the field it is mapped to. The one place the portal
 * reads a file's headers and samples, so detection and suggestions can grow here.
 */
import { marketplaceFields, type CatalogueHeaders, type MarketplaceField } from "@contract/catalogue";
import type { RouterContextProvider } from "react-router";
import { upstream } from "./upstream/index.server";

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type MappingColumn = { header: string; samples: string[]; field: MarketplaceField | null };

export type MappingForm = { fileId: string; fileName: string; columns: MappingColumn[] };

export function toMappingForm(headers: CatalogueHeaders): MappingForm {
  return {
    fileId: headers.fileId,
    fileName: headers.fileName,
    columns: headers.headers.map((header) => ({
      header: header.name,
      samples: header.samples,
      field: headers.headerMapping?.[header.name] ?? null,
    })),
  };
}

export async function loadMappingForm(args: RequestArgs, fileId: string): Promise<MappingForm> {
  return toMappingForm(await upstream(args).catalogueUpload.catalogueHeaders(fileId));
}

export { marketplaceFields };
