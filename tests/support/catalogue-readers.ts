/**
 * The catalogue engine's tests run without the portal's configuration: the
 * reader pool gets its defaults here (imported for this effect).
 */
import { defaultBudget } from "#app/lib/catalogue/budget.ts";
import { configureCatalogueReaders } from "#app/services/catalogue/reading/inspector-thread.server.ts";

configureCatalogueReaders({ readers: 4, budget: defaultBudget });
