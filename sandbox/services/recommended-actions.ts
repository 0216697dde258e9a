import express from "express";
import { z } from "zod";
import { GmvExplanation, RecommendedActionDetail, RecommendedActions } from "#contract/home.ts";
import type { SandboxContext } from "../context.ts";
import { affectedProducts, gmvExplanationHtml, recommendedActions } from "../home-recommendations.ts";
import { sendError } from "../http/errors.ts";
import { pageLanguage } from "../oidc/texts.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId } from "../repository.ts";

const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The texts' language, as the request's Accept-Language asks: English or German. */
function language(req: express.Request) {
  return pageLanguage(undefined, req.get("accept-language"));
}

/** The recommended actions service: what a seller should fix, per shop, with the products concerned. */
export function recommendedActionsService(_context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));

  router.get("/recommended-actions", (req, res) => {
    const sellerId = effectiveSellerId(signedInUser(res)) ?? "";
    const wanted = req.query.shopId === undefined ? undefined : ([] as unknown[]).concat(req.query.shopId).map(String);
    const actions = recommendedActions(sellerId, Date.now(), language(req)).filter((action) => !wanted || wanted.includes(action.shopId));
    res.json(RecommendedActions.parse({ actions }));
  });

  router.get("/recommended-actions/gmv-explanation", (req, res) => {
    res.json(GmvExplanation.parse({ html: gmvExplanationHtml[language(req)] }));
  });

  router.get("/recommended-actions/:id", (req, res) => {
    const sellerId = effectiveSellerId(signedInUser(res)) ?? "";
    const action = recommendedActions(sellerId, Date.now(), language(req)).find((candidate) => candidate.id === req.params.id);
    if (!action) {
      sendError(res, 404, `No recommended action ${req.params.id}`, "ACTION_NOT_FOUND");
      return;
    }
    const paging = Paging.safeParse(req.query);
    if (!paging.success) {
      sendError(res, 400, "page ≥ 1 and 1 ≤ pageSize ≤ 100", "VALIDATION_ERROR");
      return;
    }
    const { page, pageSize } = paging.data;
    res.json(
      RecommendedActionDetail.parse({
        action,
        products: { items: affectedProducts(action, page, pageSize, Date.now(), language(req)), page, pageSize, total: action.productCount },
      }),
    );
  });

  return router;
}
