// /terms — an owner-edited page (Markdown, admin → Pages).
import { contentRoute } from "../_components/content-route";

const route = contentRoute("terms");
export const generateMetadata = route.generateMetadata;
export default route.Page;
