/**
 * The catalogue engine's tests run without the portal's configuration: the
 * reader pool gets its defaults here (imported for this effect).
 */
import { defaultBudget } from "~/features/catalogue/intelligence/budget";
import { configureCatalogueReaders } from "~/features/catalogue/intelligence/inspector-thread.server";

configureCatalogueReaders({ readers: 4, budget: defaultBudget });
