// /privacy — an owner-edited page (Markdown, admin → Pages).
import { contentRoute } from "../_components/content-route";

const route = contentRoute("privacy");
export const generateMetadata = route.generateMetadata;
export default route.Page;
