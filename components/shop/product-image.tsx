// Product/brand artwork through the shop's image route (/img/<key>/<width>), which always answers
// with an image (the artwork, or a neutral fallback when the upstream's is unreachable), so no
// client script is needed to recover from a broken image. Decorative (alt=""): the name is
// always printed next to it. The LCP image of a page passes `priority`: eager, high priority.
import { imageSrc, imageSrcSet, type ImageWidth } from "@/lib/images/image-url";

type Props = {
  imageKey: string;
  brand: string;
  width: ImageWidth;
  sizes: string;
  priority?: boolean;
  className?: string;
};

export function ProductImage({ imageKey, brand, width, sizes, priority = false, className = "" }: Props) {
  return (
    <div
      className={`relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 ${className}`}
    >
      <span aria-hidden="true" className="text-4xl font-bold text-slate-500">
        {brand.trim().charAt(0).toUpperCase() || "?"}
      </span>
      {imageKey ? (
        // eslint-disable-next-line @next/next/no-img-element -- the shop's own image route sizes and caches it
        <img
          src={imageSrc(imageKey, width)}
          srcSet={imageSrcSet(imageKey, width >= 480 ? 960 : 640)}
          sizes={sizes}
          alt=""
          width={width}
          height={Math.round((width * 3) / 4)}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding={priority ? "sync" : "async"}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </div>
  );
}
