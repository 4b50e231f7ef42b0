// Which way imports may point (docs/architecture.md#which-way-imports-point), checked by
// `npm run lint`: app/ → components/ → lib/; lib/ never imports app/ or components/; a client
// component never imports app/; lib/payments (the outbound payment adapter) imports nothing
// from lib/orders or lib/webhooks; within lib/orders, the shared core imports no stage and the
// stages after an order is placed never reach back into placing it; and no import cycle anywhere.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Modules form layers; a cycle means two of them are one.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-up",
      severity: "error",
      comment: "lib/ is the bottom layer: it never imports app/ or components/.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-not-app",
      severity: "error",
      comment: "Components never import from app/ (server actions live in lib/).",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "payments-below-orders",
      severity: "error",
      comment: "lib/payments is the outbound adapter below lib/orders.",
      from: { path: "^lib/payments/" },
      to: { path: "^lib/(orders|webhooks)/" },
    },
    {
      name: "markets-below-orders",
      comment:
        "Markets (currencies, conversion, lookup) sit below orders and payments, which use them (docs/markets.md).",
      severity: "error",
      from: { path: "^lib/markets/" },
      to: { path: "^lib/(orders|payments|webhooks)/" },
    },
    {
      name: "orders-core-below-stages",
      severity: "error",
      comment: "lib/orders/core is what every stage shares: it imports no stage.",
      from: { path: "^lib/orders/core/" },
      to: { path: "^lib/orders/", pathNot: "^lib/orders/core/" },
    },
    {
      name: "orders-routing-pure",
      severity: "error",
      comment:
        "lib/orders/routing decides, from what it is given, which supplier to try: its deciding modules import no stage and no database; only its two readers (offers.ts, supplier-states.ts) fetch what they are given.",
      from: { path: "^lib/orders/routing/", pathNot: "^lib/orders/routing/(offers|supplier-states)\\.ts$" },
      to: { path: "^(lib/orders/(?!core/|routing/)|lib/db)" },
    },
    {
      name: "orders-stages-one-way",
      severity: "error",
      comment:
        "After an order is placed (payment, fulfilment, refunds) and when it is shown (view, books), nothing imports the cart, the quote or checkout.",
      from: { path: "^lib/orders/(payment|fulfilment|refunds|view|books)/" },
      to: { path: "^lib/orders/(cart|quote|checkout)/" },
    },
    {
      name: "no-tests-in-app",
      severity: "error",
      comment: "Shipped code never imports test helpers.",
      from: { path: "^(app|components|lib)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    // Packages are not followed, but kept as leaves: scripts/check-imports.mjs must see a client
    // bundle reach the database client (@prisma/client, prisma-client-pg).
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|data|test-results|generated)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
