// /help — an owner-edited page (Markdown, admin → Pages).
import { contentRoute } from "../_components/content-route";

const route = contentRoute("help");
export const generateMetadata = route.generateMetadata;
export default route.Page;
